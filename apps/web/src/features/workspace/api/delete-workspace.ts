import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/workspaces/:id (owner): the workspace and everything in it. 204. */
export async function deleteWorkspace(workspaceId: string): Promise<void> {
  await apiFetch<unknown>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: 'DELETE',
  });
}

/**
 * Settings: Delete Team. Every workspace query is marked stale without refetching now: the page
 * that showed the workspace is about to leave for /workspaces, which then loads afresh.
 */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all, refetchType: 'none' }),
  });
}
