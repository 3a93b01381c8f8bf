import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PASSWORD_POLICY } from '@teamshuffle/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useConfig } from '../../features/config/api/get-config';
import { usePageTitle } from '../../hooks/use-page-title';
import { useAuthModal } from '../../lib/auth-modal';
import { notify } from '../../lib/notify';

/**
 * `/reset-password?token=...`: the target of the password-reset e-mail. The server sends
 * `?error=INVALID_TOKEN` instead of a token when the link has expired.
 */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.resetPassword'));
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const config = useConfig();
  const token = searchParams.get('token');
  const [isRefused, setIsRefused] = useState(false);
  const isInvalid = isRefused || !token || searchParams.has('error');

  return (
    <Container size="xs" py={{ base: 32, sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('auth.resetPassword.title')}
          </Title>
          {isInvalid ? (
            <>
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} aria-hidden="true" />}
              >
                {t('auth.resetPassword.invalidLink')}
              </Alert>
              <Button onClick={() => authModal.open('signIn')}>
                {t('auth.resetPassword.requestNew')}
              </Button>
            </>
          ) : (
            <>
              <Text c="dimmed">{t('auth.resetPassword.intro')}</Text>
              <ResetPasswordForm
                token={token}
                passwordPolicy={config.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY}
                onInvalidToken={() => setIsRefused(true)}
                onDone={() => {
                  notify.success(t('auth.resetPassword.success'));
                  void navigate('/', { replace: true });
                  authModal.open('signIn');
                }}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
