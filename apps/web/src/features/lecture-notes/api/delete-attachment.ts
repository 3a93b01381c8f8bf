import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lectureNote } from '@teamshuffle/domain';
import type { LectureNote } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { applyNote } from './note-cache';
import { notePath } from './paths';

export interface DeleteAttachmentInput {
  workspaceId: string;
  noteId: string;
  attachmentId: string;
}

/** DELETE /api/workspaces/:id/notes/:noteId/attachments/:attachmentId: answers the note. */
export async function deleteAttachment({
  workspaceId,
  noteId,
  attachmentId,
}: DeleteAttachmentInput): Promise<LectureNote> {
  const body = await apiFetch<unknown>(
    `${notePath(workspaceId, noteId)}/attachments/${encodeURIComponent(attachmentId)}`,
    { method: 'DELETE' },
  );
  return lectureNote.parse(body);
}

/** Remove an attachment and its file (owner or author). */
export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    // The note is shown at once from the answer; the refreshes need not be waited for.
    onSuccess: (note, { workspaceId }) => {
      void applyNote(queryClient, workspaceId, note);
      void queryClient.invalidateQueries({ queryKey: queryKeys.storage });
    },
  });
}
