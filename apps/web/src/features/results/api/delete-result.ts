import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/results/:id (204). Only the owner can delete; anyone else gets a 404. */
export async function deleteResult(id: string): Promise<void> {
  await apiFetch<unknown>(`/api/results/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a result; the saved results list changes with it. */
export function useDeleteResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResult,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
  });
}
