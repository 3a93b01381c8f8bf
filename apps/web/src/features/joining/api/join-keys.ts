// The query keys of joining (issue 24), built here and nowhere else in the feature. The owner's
// keys hang under the workspace's course root, so a change that refreshes a workspace refreshes
// them too; a student's look at a code carries the viewer, since a sign-in changes the answer.
const WORKSPACES = ['workspaces'] as const;

export const joinKeys = {
  /** GET /api/workspaces/:id/join (the owner's panel). */
  owner: (workspaceId: string) => [...WORKSPACES, 'course', workspaceId, 'join'] as const,
  /** GET /api/workspaces/:id/join/roster-status. */
  rosterStatus: (workspaceId: string) =>
    [...WORKSPACES, 'course', workspaceId, 'join', 'roster-status'] as const,
  /** GET /api/join/:code, as `viewerId` sees it. */
  preview: (viewerId: string | null, code: string) =>
    ['join', viewerId ?? 'anonymous', code] as const,
};
