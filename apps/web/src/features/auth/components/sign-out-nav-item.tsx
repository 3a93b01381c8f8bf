import { NavLink } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session/session-context';
import { useSignOutAction } from '../hooks/use-sign-out-action';

/** 'Sign Out' at the foot of the side menu, shown only while signed in. */
export function SignOutNavItem({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { signOut, isPending } = useSignOutAction();
  if (session.status !== 'signedIn') return null;
  return (
    <NavLink
      component="button"
      type="button"
      label={t('nav.signOut')}
      leftSection={<IconLogout size={20} stroke={1.6} aria-hidden="true" />}
      disabled={isPending}
      onClick={() => {
        signOut();
        onDone?.();
      }}
      fw={500}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
