import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { EmailVerificationGate } from '../features/auth/components/email-verification-gate';
import { SignOutNavItem } from '../features/auth/components/sign-out-nav-item';
import { UserMenuSlot } from '../features/auth/components/user-menu-slot';
import { useOAuthRedirectResult } from '../features/auth/hooks/use-oauth-redirect-result';
import { AppLayout } from '../features/layout/components/app-layout';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useAuthModal } from '../lib/auth-modal';
import { SessionProvider, useSession } from '../lib/session/session-context';

const AuthModalHost = lazy(async () => ({
  default: (await import('./auth-modal-host')).AuthModalHost,
}));

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

function Shell() {
  const session = useSession();
  useOAuthRedirectResult();
  return (
    <AppLayout
      notificationSlot={<NotificationBell />}
      userSlot={<UserMenuSlot />}
      navFooterSlot={session.status === 'signedIn' ? <SignOutNavItem /> : null}
    >
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      <LazyAuthModal />
      <EmailVerificationGate />
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
