import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { loadChunk } from '../lib/chunk-load';
import { RootLayout } from './root-layout';

/**
 * Each page is its own chunk, fetched when its route is first visited. A chunk that fails or
 * takes longer than the spec's 120 s shows the route's error (a message and a Reload button).
 */
function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await loadChunk(load) });
}

export const router = createBrowserRouter([
  {
    // The Google popup's last page: no shell, no session check, it only reports and closes.
    path: 'auth/popup-complete',
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    lazy: page(async () => (await import('./routes/auth-popup-complete')).AuthPopupCompleteRoute),
  },
  {
    id: 'root',
    Component: RootLayout,
    // Last resort if the layout itself fails.
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless wrapper: while the first page chunk loads, and when a page fails, the
        // header and side menu stay on screen and only the main area shows the loader or error.
        HydrateFallback: PageLoader,
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: page(async () => (await import('./routes/landing')).LandingRoute) },
          { path: 'app', lazy: page(async () => (await import('./routes/app')).AppRoute) },
          {
            path: 'results',
            lazy: page(async () => (await import('./routes/results')).ResultsRoute),
          },
          {
            path: 'workspaces',
            lazy: page(async () => (await import('./routes/workspaces')).WorkspacesRoute),
          },
          {
            path: 'workspaces/:slug',
            lazy: page(async () => (await import('./routes/workspace')).WorkspaceRoute),
          },
          {
            path: 'workspace/:workspaceId',
            lazy: page(async () => (await import('./routes/workspace')).WorkspaceRoute),
          },
          {
            path: 'workspace/:workspaceId/team/:teamId/chat',
            lazy: page(async () => (await import('./routes/team-chat')).TeamChatRoute),
          },
          {
            path: 'notifications',
            lazy: page(async () => (await import('./routes/notifications')).NotificationsRoute),
          },
          {
            path: 'contact',
            lazy: page(async () => (await import('./routes/contact')).ContactRoute),
          },
          {
            path: 'profile',
            lazy: page(async () => (await import('./routes/profile')).ProfileRoute),
          },
          {
            path: 'reset-password',
            lazy: page(async () => (await import('./routes/reset-password')).ResetPasswordRoute),
          },
          { path: '*', lazy: page(async () => (await import('./routes/not-found')).NotFoundRoute) },
        ],
      },
    ],
  },
]);
