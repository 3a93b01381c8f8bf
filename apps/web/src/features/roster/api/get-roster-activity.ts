import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rosterLogPage } from '@teamshuffle/domain';
import type { RosterLogPage } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { rosterKeys, rosterPath } from './roster-keys';

/** Entries per page of the activity log. */
export const ROSTER_LOG_PAGE_SIZE = 20;

/** GET /api/workspaces/:id/roster/activity: one page, newest first, older than `before`. */
export async function getRosterActivity(
  workspaceId: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<RosterLogPage> {
  const params = new URLSearchParams({ limit: String(ROSTER_LOG_PAGE_SIZE) });
  if (before !== null) params.set('before', before);
  const body = await apiFetch<unknown>(
    `${rosterPath(workspaceId)}/activity?${params.toString()}`,
    signal ? { signal } : {},
  );
  return rosterLogPage.parse(body);
}

/** The activity log, page by page (keyset on the entry id: a page never shifts). */
export function rosterActivityQueryOptions(workspaceId: string) {
  return infiniteQueryOptions({
    queryKey: rosterKeys.activity(workspaceId),
    queryFn: ({ pageParam, signal }) => getRosterActivity(workspaceId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** The owner's activity log of roster changes. */
export function useRosterActivity(workspaceId: string) {
  return useInfiniteQuery(rosterActivityQueryOptions(workspaceId));
}
