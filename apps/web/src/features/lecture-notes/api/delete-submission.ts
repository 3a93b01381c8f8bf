import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshNotesAndGrades } from './note-cache';
import { notePath } from './paths';

export interface DeleteSubmissionInput {
  workspaceId: string;
  noteId: string;
}

/**
 * DELETE /api/workspaces/:id/notes/:noteId/submissions/mine: the caller's current answer (a
 * team's leader: the team's; a member on an individual task: their own) and its files. 204.
 */
export async function deleteSubmission({ workspaceId, noteId }: DeleteSubmissionInput) {
  await apiFetch<unknown>(`${notePath(workspaceId, noteId)}/submissions/mine`, {
    method: 'DELETE',
  });
}

/** Delete Submission. */
export function useDeleteSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSuccess: (_, { workspaceId }) =>
      Promise.all([
        refreshNotesAndGrades(queryClient, workspaceId),
        queryClient.invalidateQueries({ queryKey: queryKeys.storage }),
      ]),
  });
}
