import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lectureNote } from '@teamshuffle/domain';
import type { LectureNote, LectureNoteUpdate } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { applyNote } from './note-cache';
import { notePath } from './paths';

export interface UpdateNoteInput {
  workspaceId: string;
  noteId: string;
  /** The fields that change (an edit), or `{ isPublished }` (Publish/Unpublish). */
  changes: LectureNoteUpdate;
}

/** PATCH /api/workspaces/:id/notes/:noteId (body `lectureNoteUpdate`; owner or author). */
export async function updateNote({
  workspaceId,
  noteId,
  changes,
}: UpdateNoteInput): Promise<LectureNote> {
  const body = await apiFetch<unknown>(notePath(workspaceId, noteId), {
    method: 'PATCH',
    json: changes,
  });
  return lectureNote.parse(body);
}

/** Edit, Publish or Unpublish a note. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    // The note is shown at once from the answer; the section's refresh need not be waited for.
    onSuccess: (note, { workspaceId }) => {
      void applyNote(queryClient, workspaceId, note);
    },
  });
}
