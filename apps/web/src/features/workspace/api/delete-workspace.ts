import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { workspacesRootKey } from './get-workspace';

/** DELETE /api/workspaces/:id (owner): the workspace and everything in it. */
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
      queryClient.invalidateQueries({ queryKey: workspacesRootKey, refetchType: 'none' }),
  });
}
