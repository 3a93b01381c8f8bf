import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedResult } from '@teamshuffle/domain';
import type { SavedResult } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/results/:id: one of the user's results with its snapshot (404 for anyone else's). */
export async function getResult(id: string, signal?: AbortSignal): Promise<SavedResult> {
  const body = await apiFetch<unknown>(
    `/api/results/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return savedResult.parse(body);
}

export function resultQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.results.detail(id),
    queryFn: ({ signal }) => getResult(id, signal),
  });
}

export function useResult(id: string) {
  return useQuery(resultQueryOptions(id));
}
