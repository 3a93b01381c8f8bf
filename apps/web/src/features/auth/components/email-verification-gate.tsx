import { Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLogout, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { useAuthModal } from '../../../lib/auth-modal';
import { notify } from '../../../lib/notify';
import { meQueryOptions } from '../../../lib/session/get-me';
import { useSession } from '../../../lib/session/session-context';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { useSignOutAction } from '../hooks/use-sign-out-action';
import { currentPath } from '../utils/current-path';
import { isVerificationGatedPath } from '../utils/gated-paths';

// While the gate is up, look for the verification made in another tab or on another device.
const GATE_SESSION_POLL_MS = 10_000;

const noop = () => undefined;

/**
 * 'Email Verification Required' (spec part 1, section 2): over /app, /workspaces, /workspace/*
 * and /notifications for a signed-in user whose e-mail is not verified. It cannot be dismissed;
 * the ways out are verifying, signing out, or leaving for an ungated page.
 */
export function EmailVerificationGate() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const authModal = useAuthModal();
  const resend = useSendVerificationEmail();
  const { signOut, isPending: isSigningOut } = useSignOutAction();

  const user = session.status === 'signedIn' ? session.user : null;
  // The auth modal's own 'Check Your Email' panel goes first; the gate follows once it closes.
  const isShown =
    user !== null && !user.isVerified && isVerificationGatedPath(pathname) && !authModal.isOpen;
  useQuery({ ...meQueryOptions(), enabled: isShown, refetchInterval: GATE_SESSION_POLL_MS });

  return (
    <Modal
      opened={isShown}
      onClose={noop}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('auth.gate.title')}
      centered
      size="md"
    >
      {user ? (
        <Stack gap="md">
          <Text>{t('auth.gate.text', { email: user.email ?? '' })}</Text>
          <Text size="sm" c="dimmed">
            {t('auth.gate.afterVerifying')}
          </Text>
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
            <Text size="sm" fw={600} mb={4}>
              {t('auth.gate.tipsTitle')}
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>{t('auth.gate.tipSpam')}</List.Item>
              <List.Item>{t('auth.gate.tipPromotions')}</List.Item>
              <List.Item>{t('auth.gate.tipResend')}</List.Item>
            </List>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden="true" />}
              loading={isSigningOut}
              onClick={signOut}
            >
              {t('auth.gate.signOut')}
            </Button>
            <Button
              leftSection={<IconMailForward size={16} aria-hidden="true" />}
              loading={resend.isPending}
              disabled={!user.email}
              data-autofocus
              onClick={() =>
                resend.mutate(
                  { email: user.email ?? '', callbackURL: currentPath() },
                  {
                    onSuccess: () => notify.success(t('auth.gate.sent')),
                    onError: () => notify.error(t('auth.gate.failed')),
                  },
                )
              }
            >
              {t('auth.gate.resend')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
