import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceCard } from '@teamshuffle/domain';
import type { WorkspaceCard } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const workspaceCards = z.array(workspaceCard);

/** GET /api/workspaces: the caller's workspaces (the same answer and key as the list page). */
export async function listOwnWorkspaces(signal?: AbortSignal): Promise<WorkspaceCard[]> {
  const body = await apiFetch<unknown>('/api/workspaces', signal ? { signal } : {});
  return workspaceCards.parse(body);
}

export function ownWorkspacesQueryOptions(viewerId: string | null) {
  return queryOptions({
    queryKey: queryKeys.workspaces.list(viewerId, null),
    queryFn: ({ signal }) => listOwnWorkspaces(signal),
  });
}

/** The caller's workspaces, fetched only while `enabled`; earlier rounds are the owned ones. */
export function useOwnWorkspaces(viewerId: string | null, enabled: boolean) {
  return useQuery({ ...ownWorkspacesQueryOptions(viewerId), enabled });
}
