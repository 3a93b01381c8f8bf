import { queryOptions, useQuery } from '@tanstack/react-query';
import { resultSummary } from '@teamshuffle/domain';
import type { ResultSummary } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const resultSummaries = z.array(resultSummary);

/**
 * GET /api/results: the signed-in user's saved results, newest first (earlier rounds to choose
 * from; the same answer, key and order as the /results page).
 */
export async function listSavedResults(signal?: AbortSignal): Promise<ResultSummary[]> {
  const body = await apiFetch<unknown>('/api/results', signal ? { signal } : {});
  return resultSummaries
    .parse(body)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function savedResultsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.results.list(),
    queryFn: ({ signal }) => listSavedResults(signal),
  });
}

/** The list, fetched only while `enabled` (the earlier-rounds picker is open). */
export function useSavedResults(enabled: boolean) {
  return useQuery({ ...savedResultsQueryOptions(), enabled });
}
