import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshNotesAndGrades } from './note-cache';
import { notePath } from './paths';

export interface DeleteNoteInput {
  workspaceId: string;
  noteId: string;
}

/** DELETE /api/workspaces/:id/notes/:noteId: with its attachments, submissions and files. 204. */
export async function deleteNote({ workspaceId, noteId }: DeleteNoteInput): Promise<void> {
  await apiFetch<unknown>(notePath(workspaceId, noteId), { method: 'DELETE' });
}

/** Delete a note (owner or author); the files freed change the storage figure too. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_, { workspaceId }) =>
      Promise.all([
        refreshNotesAndGrades(queryClient, workspaceId),
        queryClient.invalidateQueries({ queryKey: queryKeys.storage }),
      ]),
  });
}
