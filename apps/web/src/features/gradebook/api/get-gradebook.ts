import { queryOptions, useQuery } from '@tanstack/react-query';
import { gradebook } from '@teamshuffle/domain';
import type { Gradebook } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/:id/gradebook (owner): every member's grade on every graded item. */
export async function getGradebook(workspaceId: string, signal?: AbortSignal): Promise<Gradebook> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/gradebook`,
    signal ? { signal } : {},
  );
  return gradebook.parse(body);
}

/**
 * Under the assignments' root key (as Team Scores): a grade given in the Assignments section
 * refreshes the gradebook too; grading here invalidates that root.
 */
export function gradebookQueryKey(workspaceId: string) {
  return [...queryKeys.assignments.all(workspaceId), 'gradebook'] as const;
}

export function gradebookQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: gradebookQueryKey(workspaceId),
    queryFn: ({ signal }) => getGradebook(workspaceId, signal),
  });
}

/** The owner's gradebook of a workspace. */
export function useGradebook(workspaceId: string) {
  return useQuery(gradebookQueryOptions(workspaceId));
}
