import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lectureNoteDuplicate } from '@teamshuffle/domain';
import type { LectureNoteDuplicate } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { refreshNotes } from './note-cache';
import { notePath } from './paths';

export interface DuplicateNoteInput {
  workspaceId: string;
  noteId: string;
}

/**
 * POST /api/workspaces/:id/notes/:noteId/duplicate (no body): a draft copy a week later (issue 26,
 * decision 0028). 201 with the copy and how many attachments it does not carry.
 */
export async function duplicateNote(
  { workspaceId, noteId }: DuplicateNoteInput,
  idempotencyKey?: string,
): Promise<LectureNoteDuplicate> {
  const body = await apiFetch<unknown>(`${notePath(workspaceId, noteId)}/duplicate`, {
    method: 'POST',
    idempotencyKey,
  });
  return lectureNoteDuplicate.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts): a lost answer makes one copy.
const duplicateNoteKeyed = withIdempotencyKey(duplicateNote);

/** Duplicate to next week; the section refreshes (where the copy goes depends on the order). */
export function useDuplicateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateNoteKeyed,
    ...idempotentRetry,
    onSuccess: (_, { workspaceId }) => refreshNotes(queryClient, workspaceId),
  });
}
