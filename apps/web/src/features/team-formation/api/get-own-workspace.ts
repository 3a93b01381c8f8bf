import { queryOptions } from '@tanstack/react-query';
import { workspaceDetail } from '@teamshuffle/domain';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/:id: a workspace's teams and roster (an earlier round). */
export async function getOwnWorkspace(id: string, signal?: AbortSignal): Promise<WorkspaceDetail> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return workspaceDetail.parse(body);
}

/** Fetched through the query client when a round is chosen; the viewer is part of the key. */
export function ownWorkspaceQueryOptions(viewerId: string | null, id: string) {
  return queryOptions({
    queryKey: queryKeys.workspaces.detailById(viewerId, id),
    queryFn: ({ signal }) => getOwnWorkspace(id, signal),
  });
}
