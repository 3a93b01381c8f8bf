import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceDetail } from '@teamshuffle/domain';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/:id. A workspace the caller may not see answers 404 like a missing one. */
export async function getWorkspace(id: string, signal?: AbortSignal): Promise<WorkspaceDetail> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return workspaceDetail.parse(body);
}

/** The answer depends on who asks, so the viewer is part of the key. */
export function workspaceQueryOptions(viewerId: string | null, id: string) {
  return queryOptions({
    queryKey: queryKeys.workspaces.detailById(viewerId, id),
    queryFn: ({ signal }) => getWorkspace(id, signal),
  });
}

/** /workspace/{id}: fetched once the session is known (`isEnabled`). */
export function useWorkspace(viewerId: string | null, id: string, isEnabled: boolean) {
  return useQuery({ ...workspaceQueryOptions(viewerId, id), enabled: isEnabled });
}
