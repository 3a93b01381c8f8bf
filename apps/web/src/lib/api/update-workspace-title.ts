import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';

// In src/lib because two features rename a workspace: the list page's Edit and the detail page's
// settings (features do not import each other).

export interface UpdateWorkspaceTitleInput {
  workspaceId: string;
  title: string;
}

/** PATCH /api/workspaces/:id with `{ title }` (owner only; 422 when unchanged). 204. */
export async function updateWorkspaceTitle({
  workspaceId,
  title,
}: UpdateWorkspaceTitleInput): Promise<void> {
  await apiFetch<unknown>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: 'PATCH',
    json: { title },
  });
}

/** Renames a workspace; the title shows on the list and the detail pages, so both refresh. */
export function useUpdateWorkspaceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceTitle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
