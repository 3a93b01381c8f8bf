import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradebookWeights } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/workspaces/:id/gradebook/weights (owner): the categories' weights. */
export async function saveWeights(workspaceId: string, weights: GradebookWeights) {
  await apiFetch<unknown>(`/api/workspaces/${encodeURIComponent(workspaceId)}/gradebook/weights`, {
    method: 'PUT',
    json: weights,
  });
}

/** Saves the weights; refreshes the gradebook. */
export function useSaveWeights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, weights }: { workspaceId: string; weights: GradebookWeights }) =>
      saveWeights(workspaceId, weights),
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
