import { queryOptions, useQuery } from '@tanstack/react-query';
import { assignmentsSection } from '@teamshuffle/domain';
import type { AssignmentsSection } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/:id/assignments: the section as the caller may see it, newest first. */
export async function getAssignments(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<AssignmentsSection> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments`,
    signal ? { signal } : {},
  );
  return assignmentsSection.parse(body);
}

/** The answer depends on who asks (details for the owner and the team), so the viewer is in the key. */
export function assignmentsQueryOptions(viewerId: string | null, workspaceId: string) {
  return queryOptions({
    queryKey: queryKeys.assignments.section(viewerId, workspaceId),
    queryFn: ({ signal }) => getAssignments(workspaceId, signal),
  });
}

/** The Assignments section of a workspace page. */
export function useAssignments(viewerId: string | null, workspaceId: string) {
  return useQuery(assignmentsQueryOptions(viewerId, workspaceId));
}
