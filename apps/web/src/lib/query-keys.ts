// Every TanStack Query key of the app, built here and nowhere else. Keys of answers that depend
// on who asks carry the viewer ('anonymous' when signed out), since a sign-in changes what the
// same address answers. A mutation invalidates the narrowest root that holds what it changed;
// a sign-out drops everything but `me` and `config` (lib/session/clear-session-data.ts).

type Viewer = string | null;
const viewerOf = (viewerId: Viewer) => viewerId ?? 'anonymous';
const RESULTS = ['results'] as const;
const WORKSPACES = ['workspaces'] as const;

export const queryKeys = {
  /** GET /api/me: the session. */
  me: ['me'] as const,
  /** GET /api/config: the server's public configuration (the same for everyone). */
  config: ['config'] as const,
  /** GET /api/me/storage: the signed-in user's stored bytes against the quota. */
  storage: ['storage'] as const,
  /** GET /api/preferences: the signed-in user's preferences. */
  preferences: ['preferences'] as const,
  /** GET /api/me/deadlines: the signed-in user's deadlines across workspaces (Due soon). */
  myDeadlines: ['my-deadlines'] as const,
  /** GET /api/me/calendar-feed: whether the signed-in user's calendar feed is on. */
  calendarFeed: ['calendar-feed'] as const,
  results: {
    /** Root of every saved-results key. */
    all: RESULTS,
    /** GET /api/results. */
    list: () => [...RESULTS, 'list'] as const,
    /** GET /api/results/:id. */
    detail: (id: string) => [...RESULTS, 'detail', id] as const,
  },
  workspaces: {
    /** Root of every workspace key: the list and detail pages show the same facts. */
    all: WORKSPACES,
    /** GET /api/workspaces (`user`: the `?user=` id, or null for the caller's own list). */
    list: (viewerId: Viewer, user: string | null) =>
      [...WORKSPACES, viewerOf(viewerId), 'list', user] as const,
    /** GET /api/workspaces/:id. */
    detailById: (viewerId: Viewer, id: string) =>
      [...WORKSPACES, viewerOf(viewerId), 'detail', 'id', id] as const,
    /** GET /api/workspaces/by-slug/:slug. */
    detailBySlug: (viewerId: Viewer, slug: string) =>
      [...WORKSPACES, viewerOf(viewerId), 'detail', 'slug', slug] as const,
    /** Root of one workspace's course sections (notes, assignments, scores), every viewer's. */
    course: (workspaceId: string) => [...WORKSPACES, 'course', workspaceId] as const,
  },
  /**
   * A workspace's course sections. They hang under the workspace's root, so invalidating
   * `workspaces.all` refreshes them too; each has its own narrower root for its own changes.
   */
  notes: {
    all: (workspaceId: string) => [...WORKSPACES, 'course', workspaceId, 'notes'] as const,
    /** GET /api/workspaces/:id/notes. */
    section: (viewerId: Viewer, workspaceId: string) =>
      [...WORKSPACES, 'course', workspaceId, 'notes', viewerOf(viewerId)] as const,
  },
  assignments: {
    all: (workspaceId: string) => [...WORKSPACES, 'course', workspaceId, 'assignments'] as const,
    /** GET /api/workspaces/:id/assignments. */
    section: (viewerId: Viewer, workspaceId: string) =>
      [...WORKSPACES, 'course', workspaceId, 'assignments', viewerOf(viewerId)] as const,
    /** GET /api/workspaces/:id/scores (the owner's Team Scores). */
    scores: (workspaceId: string) =>
      [...WORKSPACES, 'course', workspaceId, 'assignments', 'scores'] as const,
  },
  notifications: {
    /** Root of every notifications key (the list, the counts, the dashboard's recent ones). */
    all: ['notifications'] as const,
    /** GET /api/notifications, page by page. */
    list: () => ['notifications', 'list'] as const,
    /** GET /api/notifications/counts (the bell). */
    counts: () => ['notifications', 'counts'] as const,
  },
  /** GET /api/dashboard. */
  dashboard: ['dashboard'] as const,
} as const;

/** Roots kept across a sign-out: answers that belong to no user. */
export const SHARED_QUERY_ROOTS: readonly unknown[] = [queryKeys.config[0]];
