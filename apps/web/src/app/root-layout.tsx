import { Suspense, useEffect, useState } from 'react';
import { pageKeyOf } from '@teamshuffle/domain';
import { Outlet, useLocation } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { PageSkeleton } from '../components/page-skeleton';
import { RouteErrorBoundary } from '../components/route-error';
import { ScrollRestoration } from '../components/scroll-restoration';
import { SignOutNavItem } from '../features/auth/components/sign-out-nav-item';
import { UserMenuSlot } from '../features/auth/components/user-menu-slot';
import { useAuthLinkIntent } from '../features/auth/hooks/use-auth-link-intent';
import { useOAuthRedirectResult } from '../features/auth/hooks/use-oauth-redirect-result';
import { AppLayout } from '../features/layout/components/app-layout';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useAuthModal } from '../lib/auth-modal';
import { lazyChunk } from '../lib/chunk-load';
import { SessionProvider, useSession } from '../lib/session/session-context';
import { rememberSignedIn } from '../lib/session/signed-in-hint';
import { AccountLanguage } from '../features/profile/components/account-language';

const AuthModalHost = lazyChunk(async () => (await import('./auth-modal-host')).AuthModalHost);
const EmailVerificationGate = lazyChunk(
  async () =>
    (await import('../features/auth/components/email-verification-gate')).EmailVerificationGate,
);

/** Mounts the auth modal's code on its first opening, then keeps it. */
function LazyAuthModal() {
  const { openCount } = useAuthModal();
  if (openCount === 0) return null;
  return (
    <Suspense fallback={null}>
      <AuthModalHost />
    </Suspense>
  );
}

/**
 * Mounts the verification gate's code once a signed-in user's e-mail is found unverified, then
 * keeps it (so it can close with its animation): verified and signed-out visitors never load it.
 */
function LazyVerificationGate() {
  const session = useSession();
  const isNeeded = session.user !== null && !session.user.isVerified;
  const [hasBeenNeeded, setHasBeenNeeded] = useState(isNeeded);
  if (isNeeded && !hasBeenNeeded) setHasBeenNeeded(true);
  if (!isNeeded && !hasBeenNeeded) return null;
  return (
    <Suspense fallback={null}>
      <EmailVerificationGate />
    </Suspense>
  );
}

/**
 * The page: its frame (skeletons) while its code first arrives, its error if it fails (not the
 * shell's). The Suspense boundary is inside the boundary keyed by the page, so a move to a page
 * whose code is still loading shows the new page's frame at once (with the progress bar) instead
 * of leaving the old page on screen, where it could still be clicked (issue 27).
 *
 * The key is the page, not the address: a workspace's sections are one page. Keyed by the
 * address, a move to another section started the whole page over, header included; a click on
 * the header while the move was still rendering (it renders in a transition) reached the old
 * page and was lost with it: the Settings dialog never opened (CI, 2026-11-27).
 */
function Page() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pageKeyOf(pathname)} resetKey={pathname}>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function Shell() {
  const session = useSession();
  useOAuthRedirectResult();
  useAuthLinkIntent();
  useEffect(() => {
    if (session.status !== 'loading') rememberSignedIn(session.status === 'signedIn');
  }, [session.status]);
  return (
    <AppLayout
      notificationSlot={<NotificationBell />}
      userSlot={<UserMenuSlot />}
      navFooterSlot={session.status === 'signedIn' ? <SignOutNavItem /> : null}
    >
      <NavigationProgress />
      <Page />
      <ScrollRestoration />
      <LazyAuthModal />
      <LazyVerificationGate />
      <AccountLanguage />
    </AppLayout>
  );
}

/**
 * The shell around every page. The header slots are filled here so the layout feature does not
 * depend on the auth and notifications features. The session is checked once, here, for all.
 */
export function RootLayout() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}
