import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lectureNote } from '@teamshuffle/domain';
import type { LectureNote, LectureNoteInput } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { refreshNotes } from './note-cache';
import { notesPath } from './paths';

export interface CreateNoteInput {
  workspaceId: string;
  note: LectureNoteInput;
}

/** POST /api/workspaces/:id/notes (body `lectureNoteInput`): a new draft. 201 with the note. */
export async function createNote({ workspaceId, note }: CreateNoteInput): Promise<LectureNote> {
  const body = await apiFetch<unknown>(notesPath(workspaceId), { method: 'POST', json: note });
  return lectureNote.parse(body);
}

/** Create Lecture Note; the section refreshes (where the new note goes depends on the order). */
export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: (_, { workspaceId }) => refreshNotes(queryClient, workspaceId),
  });
}
