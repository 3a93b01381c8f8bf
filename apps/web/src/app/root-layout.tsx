import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { UserMenuSlot } from '../features/auth/components/user-menu-slot';
import { AppLayout } from '../features/layout/components/app-layout';
import { NotificationBell } from '../features/notifications/components/notification-bell';

/**
 * The shell around every page. The header slots are filled here so the layout feature does not
 * depend on the auth and notifications features: later issues swap these components.
 */
export function RootLayout() {
  return (
    <AppLayout
      notificationSlot={<NotificationBell />}
      userSlot={<UserMenuSlot />}
      // Sign Out joins the side menu once auth exists; while signed out it stays hidden.
      navFooterSlot={null}
    >
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
  );
}
