import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceCard } from '@teamshuffle/domain';
import type { WorkspaceCard } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const workspaceCards = z.array(workspaceCard);

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
  return workspaceCards.parse(body);
}

export function workspaceListQueryOptions(viewerId: string | null, user: string | null) {
  return queryOptions({
    queryKey: queryKeys.workspaces.list(viewerId, user),
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
