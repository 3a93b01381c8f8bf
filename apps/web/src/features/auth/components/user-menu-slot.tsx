import { Button, Group } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useAuthModal } from '../../../lib/auth-modal';
import { lazyChunk, preloadableChunk } from '../../../lib/chunk-load';
import { useSession } from '../../../lib/session/session-context';
import { wasSignedIn } from '../../../lib/session/signed-in-hint';

const UserMenu = preloadableChunk(async () => (await import('./user-menu')).UserMenu);

/** The signed-in header's code, fetched before the app renders over a page the server rendered. */
export const preloadUserMenu = UserMenu.preload;
const RetrySessionButton = lazyChunk(async () => (await import('./user-menu')).RetrySessionButton);

/**
 * The header's account area: a Sign In button (opening the auth modal) while signed out, the
 * user menu (View Profile, Sign Out) once signed in. While the session is being checked the
 * button shows a spinner, for at most AUTH_LOADING_TIMEOUT_MS; then a retry is offered. A browser
 * that was not signed in last time sees Sign In at once instead of the spinner (as the landing
 * page shows its pitch at once): the prerendered pages show it too, and it can be pressed before
 * the app and the session check are here (decision 0009).
 */
export function UserMenuSlot() {
  const { t } = useTranslation();
  const session = useSession();
  const authModal = useAuthModal();

  const checking = (
    <Button size="sm" loading aria-label={t('header.checkingSession')}>
      {t('header.signIn')}
    </Button>
  );
  if (session.status === 'loading' && wasSignedIn()) return checking;

  if (session.status === 'signedOut' || !session.user) {
    return (
      <Group gap={6} wrap="nowrap">
        {session.isUnknown ? (
          <Suspense fallback={null}>
            <RetrySessionButton onRetry={session.retry} />
          </Suspense>
        ) : null}
        <Button
          size="sm"
          leftSection={<IconLogin size={18} aria-hidden="true" />}
          onClick={() => authModal.open('signIn')}
        >
          {t('header.signIn')}
        </Button>
      </Group>
    );
  }

  return (
    <Suspense fallback={checking}>
      <UserMenu user={session.user} />
    </Suspense>
  );
}
