import { Button } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';

/** 'Continue with Google': a popup, or a full-page redirect when the popup is blocked. */
export function GoogleSignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const google = useGoogleSignIn(onSignedIn);
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBrandGoogle size={18} aria-hidden="true" />}
      loading={google.isPending}
      onClick={google.start}
    >
      {t('auth.google.button')}
    </Button>
  );
}
