import { queryOptions, useQuery } from '@tanstack/react-query';
import { shuffleSnapshot } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { resultsQueryKey } from './list-results';

const savedResult = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  snapshot: shuffleSnapshot,
});
export type SavedResult = z.infer<typeof savedResult>;

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
    queryKey: [...resultsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getResult(id, signal),
  });
}

export function useResult(id: string) {
  return useQuery(resultQueryOptions(id));
}
