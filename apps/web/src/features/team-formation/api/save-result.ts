import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedResult } from '@teamshuffle/domain';
import type { SaveResultInput, SavedResult } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/results (body `saveResultInput`, 201 `savedResult`): stores the snapshot under a
 * title. The server refuses a title the user already has (409 duplicate_result_title, case and
 * surrounding spaces ignored).
 */
export async function saveResult(input: SaveResultInput): Promise<SavedResult> {
  const body = await apiFetch<unknown>('/api/results', { method: 'POST', json: input });
  return savedResult.parse(body);
}

/** Save Result; the saved results list changes with it. */
export function useSaveResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResult,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
  });
}
