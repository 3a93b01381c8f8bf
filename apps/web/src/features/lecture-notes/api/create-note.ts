import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lectureNote } from '@teamshuffle/domain';
import type { LectureNote, LectureNoteInput } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { refreshNotes } from './note-cache';
import { notesPath } from './paths';

export interface CreateNoteInput {
  workspaceId: string;
  note: LectureNoteInput;
}

/** POST /api/workspaces/:id/notes (body `lectureNoteInput`): a new draft. 201 with the note. */
export async function createNote(
  { workspaceId, note }: CreateNoteInput,
  idempotencyKey?: string,
): Promise<LectureNote> {
  const body = await apiFetch<unknown>(notesPath(workspaceId), {
    method: 'POST',
    json: note,
    idempotencyKey,
  });
  return lectureNote.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const createNoteKeyed = withIdempotencyKey(createNote);

/**
 * Create Lecture Note; the section refreshes (where the new note goes depends on the order). One
 * Idempotency-Key per call, sent again on its retries: a lost answer never makes a second note.
 */
export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNoteKeyed,
    ...idempotentRetry,
    onSuccess: (_, { workspaceId }) => refreshNotes(queryClient, workspaceId),
  });
}
