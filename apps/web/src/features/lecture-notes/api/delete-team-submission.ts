import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshNotesAndGrades } from './note-cache';
import { notePath } from './paths';

export interface DeleteTeamSubmissionInput {
  workspaceId: string;
  noteId: string;
  submissionId: string;
}

/**
 * DELETE /api/workspaces/:id/notes/:noteId/submissions/:submissionId (owner): any team's or
 * member's attempt with its files and grade; it stays in the history as deleted (decision 0016).
 * 204.
 */
export async function deleteTeamSubmission({
  workspaceId,
  noteId,
  submissionId,
}: DeleteTeamSubmissionInput) {
  await apiFetch<unknown>(
    `${notePath(workspaceId, noteId)}/submissions/${encodeURIComponent(submissionId)}`,
    { method: 'DELETE' },
  );
}

/** The owner's Delete Submission. */
export function useDeleteTeamSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeamSubmission,
    onSuccess: (_, { workspaceId }) =>
      Promise.all([
        refreshNotesAndGrades(queryClient, workspaceId),
        queryClient.invalidateQueries({ queryKey: queryKeys.storage }),
      ]),
  });
}
