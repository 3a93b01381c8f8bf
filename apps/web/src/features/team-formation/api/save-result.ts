import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedResult } from '@teamshuffle/domain';
import type { SaveResultInput, SavedResult } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/results (body `saveResultInput`, 201 `savedResult`): stores the snapshot under a
 * title. The server refuses a title the user already has (409 duplicate_result_title, case and
 * surrounding spaces ignored).
 */
export async function saveResult(
  input: SaveResultInput,
  idempotencyKey?: string,
): Promise<SavedResult> {
  const body = await apiFetch<unknown>('/api/results', {
    method: 'POST',
    json: input,
    idempotencyKey,
  });
  return savedResult.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const saveResultKeyed = withIdempotencyKey(saveResult);

/**
 * Save Result; the saved results list changes with it. One Idempotency-Key per call, sent again
 * on its retries: a lost answer never turns into a duplicate-title refusal of its own save.
 */
export function useSaveResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResultKeyed,
    ...idempotentRetry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
  });
}
