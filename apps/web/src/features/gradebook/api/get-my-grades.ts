import { queryOptions, useQuery } from '@tanstack/react-query';
import { myGrades } from '@teamshuffle/domain';
import type { MyGrades } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/:id/my-grades: the caller's own grades (a member on the roster). */
export async function getMyGrades(workspaceId: string, signal?: AbortSignal): Promise<MyGrades> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/my-grades`,
    signal ? { signal } : {},
  );
  return myGrades.parse(body);
}

export function myGradesQueryOptions(viewerId: string | null, workspaceId: string) {
  return queryOptions({
    queryKey: [...queryKeys.assignments.all(workspaceId), 'my-grades', viewerId ?? 'anonymous'],
    queryFn: ({ signal }) => getMyGrades(workspaceId, signal),
  });
}

/** The caller's own grades in a workspace. */
export function useMyGrades(viewerId: string | null, workspaceId: string) {
  return useQuery(myGradesQueryOptions(viewerId, workspaceId));
}
