import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { resultSummary, type ResultSummary } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';

export type { ResultSummary };

/** Newest first (spec part 1, section 7: sorted by time descending); the server sorts too. */
function newestFirst(a: ResultSummary, b: ResultSummary): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** GET /api/results: the signed-in user's saved results, newest first. Owners only. */
export async function listResults(signal?: AbortSignal): Promise<ResultSummary[]> {
  const body = await apiFetch<unknown>('/api/results', signal ? { signal } : {});
  return z.array(resultSummary).parse(body).sort(newestFirst);
}

/** Root of every saved-results key; Save Result, Create Team and Delete invalidate it. */
export const resultsQueryKey = ['results'] as const;

export function resultsQueryOptions() {
  return queryOptions({
    queryKey: [...resultsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => listResults(signal),
  });
}

/** The list, fetched only while `enabled` (a signed-in, verified user). */
export function useResults(enabled: boolean) {
  return useQuery({ ...resultsQueryOptions(), enabled });
}
