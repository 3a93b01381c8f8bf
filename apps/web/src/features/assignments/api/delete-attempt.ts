import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DeleteAttemptInput {
  workspaceId: string;
  assignmentId: string;
  submissionId: string;
}

/**
 * DELETE /api/workspaces/:id/assignments/:assignmentId/submissions/:submissionId: the owner any
 * attempt (its grade goes too), a team's leader their team's ungraded ones (409
 * submission_graded once graded). It stays in the history as deleted (decision 0016). 204.
 */
export async function deleteAttempt({
  workspaceId,
  assignmentId,
  submissionId,
}: DeleteAttemptInput): Promise<void> {
  await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}/submissions/${encodeURIComponent(submissionId)}`,
    { method: 'DELETE' },
  );
}

/** Delete an attempt; refreshes the section, Team Scores and the storage figure (files freed). */
export function useDeleteAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttempt,
    onSuccess: (_, { workspaceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.storage }),
      ]),
  });
}
