/**
 * The web app's pages by address, in React Router's pattern form (`:name` is one segment). The
 * router declares its routes from these, and the server chooses the pages it prerenders or
 * renders for a visitor from them (prerendered-pages.ts), so an address is written once.
 */
export const PAGE_PATHS = {
  landing: '/',
  app: '/app',
  results: '/results',
  workspaces: '/workspaces',
  workspaceBySlug: '/workspaces/:slug',
  workspace: '/workspace/:workspaceId',
  teamChat: '/workspace/:workspaceId/team/:teamId/chat',
  notifications: '/notifications',
  contact: '/contact',
  profile: '/profile',
  resetPassword: '/reset-password',
  /** The Google popup's last page (no shell). */
  authPopupComplete: '/auth/popup-complete',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];
