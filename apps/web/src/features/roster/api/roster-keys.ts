import { queryKeys } from '../../../lib/query-keys';

// The roster's query keys hang under the workspaces' root (lib/query-keys.ts), so a change that
// invalidates `workspaces.all` (a roster change, a leader change) refreshes the log and the
// history too; the owner is the only reader, so the keys need no viewer.
export const rosterKeys = {
  all: (workspaceId: string) =>
    [...queryKeys.workspaces.all, 'course', workspaceId, 'roster'] as const,
  /** GET /api/workspaces/:id/roster/activity, page by page. */
  activity: (workspaceId: string) =>
    [...queryKeys.workspaces.all, 'course', workspaceId, 'roster', 'activity'] as const,
  /** GET /api/workspaces/:id/roster/memberships. */
  memberships: (workspaceId: string) =>
    [...queryKeys.workspaces.all, 'course', workspaceId, 'roster', 'memberships'] as const,
};

/** The roster's base path for a workspace. */
export function rosterPath(workspaceId: string): `/api/${string}` {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/roster`;
}
