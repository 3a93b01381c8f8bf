import { queryOptions, useQuery } from '@tanstack/react-query';
import { myDeadlinesView } from '@teamshuffle/domain';
import type { MyDeadlinesView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The key (lib/query-keys.ts); a sign-out drops it with every other user's answer.
export const myDeadlinesQueryKey = queryKeys.myDeadlines;

/** GET /api/me/deadlines: "Due soon", the caller's deadlines across their workspaces. */
export async function getMyDeadlines(signal?: AbortSignal): Promise<MyDeadlinesView> {
  const body = await apiFetch<unknown>('/api/me/deadlines', signal ? { signal } : {});
  return myDeadlinesView.parse(body);
}

export function myDeadlinesQueryOptions() {
  return queryOptions({
    queryKey: myDeadlinesQueryKey,
    queryFn: ({ signal }) => getMyDeadlines(signal),
  });
}

export function useMyDeadlines() {
  return useQuery(myDeadlinesQueryOptions());
}
