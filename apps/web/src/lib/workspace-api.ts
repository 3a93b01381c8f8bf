import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** Every workspace query (list and detail pages) starts with this key, so one change refreshes both. */
export const workspacesRootKey = ['workspaces'] as const;

export interface UpdateWorkspaceTitleInput {
  workspaceId: string;
  title: string;
}

/** PATCH /api/workspaces/:id with `{ title }` (owner only; 422 when unchanged). */
export async function updateWorkspaceTitle({
  workspaceId,
  title,
}: UpdateWorkspaceTitleInput): Promise<void> {
  await apiFetch<unknown>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: 'PATCH',
    json: { title },
  });
}

/** Renames a workspace (the list page's Edit and the settings panel), then refreshes every workspace query. */
export function useUpdateWorkspaceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceTitle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesRootKey }),
  });
}
