import { Button, type ButtonProps } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { currentPath } from '../utils/current-path';

/**
 * "Resend Verification Email" for a page outside the verification gate (the join page, issue
 * 24): the same call as the gate's and the sign-up panel's, and its link brings the user back
 * to the page they are on.
 */
export function ResendVerificationButton({
  email,
  ...props
}: { email: string } & Omit<ButtonProps, 'onClick' | 'loading' | 'children'>) {
  const { t } = useTranslation();
  const resend = useSendVerificationEmail();
  return (
    <Button
      leftSection={<IconMailForward size={16} aria-hidden="true" />}
      {...props}
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
      {t('auth.gate.resend')}
    </Button>
  );
}
