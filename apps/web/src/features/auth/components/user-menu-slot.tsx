import { Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

/**
 * The header's account area. Signed out (the only state until auth lands) it is a Sign In
 * button; the auth issue replaces this component with the sign-in modal and the user menu
 * (View Profile, Sign Out).
 */
export function UserMenuSlot() {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      leftSection={<IconLogin size={18} aria-hidden="true" />}
      onClick={() => notify.info(t('auth.signInComingSoon'))}
    >
      {t('header.signIn')}
    </Button>
  );
}
