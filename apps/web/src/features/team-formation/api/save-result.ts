import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveResultInput } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** The saved results list's query key (features/results owns the list; the key is shared). */
export const savedResultsQueryKey = ['results'] as const;

const savedResult = z.object({ id: z.string(), title: z.string(), createdAt: z.string() });
export type SavedResultRef = z.infer<typeof savedResult>;

/**
 * POST /api/results: stores the snapshot under a title. The server refuses a title the user
 * already has (409 duplicate_result_title, case and surrounding spaces ignored).
 */
export async function saveResult(input: SaveResultInput): Promise<SavedResultRef> {
  const body = await apiFetch<unknown>('/api/results', { method: 'POST', json: input });
  return savedResult.parse(body);
}

/** Save Result; the saved results list changes with it. */
export function useSaveResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResult,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedResultsQueryKey }),
  });
}
