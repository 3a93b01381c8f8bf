import { queryOptions, useQuery } from '@tanstack/react-query';
import { resultSummary } from '@teamshuffle/domain';
import type { ResultSummary } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const resultSummaries = z.array(resultSummary);

/** Newest first (spec part 1, section 7: sorted by time descending); the server sorts too. */
function newestFirst(a: ResultSummary, b: ResultSummary): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** GET /api/results: the signed-in user's saved results, newest first. Owners only. */
export async function listResults(signal?: AbortSignal): Promise<ResultSummary[]> {
  const body = await apiFetch<unknown>('/api/results', signal ? { signal } : {});
  return resultSummaries.parse(body).sort(newestFirst);
}

export function resultsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.results.list(),
    queryFn: ({ signal }) => listResults(signal),
  });
}

/** The list, fetched only while `enabled` (a signed-in, verified user). */
export function useResults(enabled: boolean) {
  return useQuery({ ...resultsQueryOptions(), enabled });
}
