import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DeleteAssignmentInput {
  workspaceId: string;
  assignmentId: string;
}

/** DELETE /api/workspaces/:id/assignments/:assignmentId (owner): 204; every submitted file goes. */
export async function deleteAssignment({
  workspaceId,
  assignmentId,
}: DeleteAssignmentInput): Promise<void> {
  await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}`,
    { method: 'DELETE' },
  );
}

/** Delete an assignment; refreshes the section, Team Scores and the storage figure (files freed). */
export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: (_, { workspaceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.storage }),
      ]),
  });
}
