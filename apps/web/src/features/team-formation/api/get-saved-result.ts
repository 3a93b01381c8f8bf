import { queryOptions } from '@tanstack/react-query';
import { savedResult } from '@teamshuffle/domain';
import type { SavedResult } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/results/:id: one of the user's results with its snapshot (an earlier round). */
export async function getSavedResult(id: string, signal?: AbortSignal): Promise<SavedResult> {
  const body = await apiFetch<unknown>(
    `/api/results/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return savedResult.parse(body);
}

/** Fetched through the query client when a round is chosen (`queryClient.fetchQuery`). */
export function savedResultQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.results.detail(id),
    queryFn: ({ signal }) => getSavedResult(id, signal),
  });
}
