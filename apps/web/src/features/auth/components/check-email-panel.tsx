import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { currentPath } from '../utils/current-path';

interface CheckEmailPanelProps {
  email: string;
  onClose: () => void;
}

/** After sign-up: where the verification link went, with resend and close (spec part 1, section 4). */
export function CheckEmailPanel({ email, onClose }: CheckEmailPanelProps) {
  const { t } = useTranslation();
  const resend = useSendVerificationEmail();
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconMailCheck size={30} aria-hidden="true" />
      </ThemeIcon>
      <Text>{t('auth.checkEmail.text', { email })}</Text>
      <Text size="sm" c="dimmed">
        {t('auth.checkEmail.spamHint')}
      </Text>
      <Group justify="center" gap="sm">
        <Button
          variant="light"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { email, callbackURL: currentPath() },
              {
                onSuccess: () => notify.success(t('auth.verification.sent')),
                onError: () => notify.error(t('auth.verification.failed')),
              },
            )
          }
        >
          {t('auth.checkEmail.resend')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('auth.checkEmail.close')}
        </Button>
      </Group>
    </Stack>
  );
}
