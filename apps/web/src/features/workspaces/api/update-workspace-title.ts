import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { workspacesRootKey } from './list-workspaces';

export interface UpdateWorkspaceTitleInput {
  workspaceId: string;
  title: string;
}

/** PATCH /api/workspaces/:id with `{ title }` (creator only; 422 when unchanged). */
export async function updateWorkspaceTitle({
  workspaceId,
  title,
}: UpdateWorkspaceTitleInput): Promise<void> {
  await apiFetch<unknown>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: 'PATCH',
    json: { title },
  });
}

/** The list page's Edit: renames, then refreshes every workspace query (list and detail). */
export function useUpdateWorkspaceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceTitle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesRootKey }),
  });
}
