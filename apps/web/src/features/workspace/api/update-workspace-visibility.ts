import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateWorkspaceVisibilityInput {
  workspaceId: string;
  isPublic: boolean;
}

/**
 * PATCH /api/workspaces/:id with `{ isPublic }` (owner; others get 403 visibility_owner_only,
 * 'Only workspace owners can change visibility settings'). 204.
 */
export async function updateWorkspaceVisibility({
  workspaceId,
  isPublic,
}: UpdateWorkspaceVisibilityInput): Promise<void> {
  await apiFetch<unknown>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: 'PATCH',
    json: { isPublic },
  });
}

/** Settings: Public Access; refreshes this page and the list. */
export function useUpdateWorkspaceVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceVisibility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
