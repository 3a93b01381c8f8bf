import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { workspacesRootKey } from './get-workspace';

export interface UpdateWorkspaceTitleInput {
  workspaceId: string;
  title: string;
}

/** PATCH /api/workspaces/:id with `{ title }` (owner; 422 when unchanged). */
export async function updateWorkspaceTitle({
  workspaceId,
  title,
}: UpdateWorkspaceTitleInput): Promise<void> {
  await apiFetch<unknown>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: 'PATCH',
    json: { title },
  });
}

/** Settings: rename; refreshes this page and the list. */
export function useUpdateWorkspaceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceTitle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesRootKey }),
  });
}
