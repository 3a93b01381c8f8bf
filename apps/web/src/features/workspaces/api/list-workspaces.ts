import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { workspacesRootKey } from '../../../lib/workspace-api';

const workspaceCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  /** The listed user's role: the caller's own, or the `?user=` user's. */
  role: z.enum(['creator', 'leader', 'member', 'viewer']),
  isOwnedByViewer: z.boolean(),
  memberCount: z.number(),
  leaderCount: z.number(),
  teamCount: z.number(),
  joinedAt: z.string(),
  teamNumber: z.number(),
  displayOrder: z.number(),
});

/** One card of the list page, as GET /api/workspaces returns it. */
export type WorkspaceCard = z.infer<typeof workspaceCardSchema>;
export type WorkspaceCardRole = WorkspaceCard['role'];

/**
 * GET /api/workspaces: the caller's workspaces in their own order; public ones when signed out;
 * with `user`, that user's workspaces the caller may access (403 view_teams_forbidden if none).
 */
export async function listWorkspaces(
  user: string | null,
  signal?: AbortSignal,
): Promise<WorkspaceCard[]> {
  const path =
    user === null ? '/api/workspaces' : `/api/workspaces?user=${encodeURIComponent(user)}`;
  const body = await apiFetch<unknown>(path as `/api/${string}`, signal ? { signal } : {});
  return z.array(workspaceCardSchema).parse(body);
}

// Every workspace query of the app starts with 'workspaces' (the detail feature uses the same
// root), so a change on either page invalidates both. The viewer is part of the key: a sign-in
// changes what the same URL shows.
export { workspacesRootKey };

export function workspaceListQueryKey(viewerId: string | null, user: string | null) {
  return [...workspacesRootKey, viewerId ?? 'anonymous', 'list', user] as const;
}

export function workspaceListQueryOptions(viewerId: string | null, user: string | null) {
  return queryOptions({
    queryKey: workspaceListQueryKey(viewerId, user),
    queryFn: ({ signal }) => listWorkspaces(user, signal),
  });
}

/** The list for the page; waits while the session is still being checked. */
export function useWorkspaceList({
  viewerId,
  user,
  isEnabled,
}: {
  viewerId: string | null;
  user: string | null;
  isEnabled: boolean;
}) {
  return useQuery({ ...workspaceListQueryOptions(viewerId, user), enabled: isEnabled });
}
