import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lectureNote } from '@teamshuffle/domain';
import type { LectureNote, TaskBulkEvaluationInput } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { applyGradedNote } from './note-cache';
import { notePath } from './paths';

export interface EvaluateTaskBulkInput {
  workspaceId: string;
  noteId: string;
  evaluations: TaskBulkEvaluationInput;
}

/**
 * POST /api/workspaces/:id/notes/:noteId/evaluations/bulk (owner; issue 25): per team (team task)
 * or per member (individual task), all or nothing; a score out of 0..max is its row's 400.
 */
export async function evaluateTaskBulk(
  { workspaceId, noteId, evaluations }: EvaluateTaskBulkInput,
  idempotencyKey?: string,
): Promise<LectureNote> {
  const body = await apiFetch<unknown>(`${notePath(workspaceId, noteId)}/evaluations/bulk`, {
    method: 'POST',
    json: evaluations,
    idempotencyKey,
  });
  return lectureNote.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const evaluateTaskBulkKeyed = withIdempotencyKey(evaluateTaskBulk);

/** Bulk grading of a note's task; the note is shown at once from the answer. */
export function useEvaluateTaskBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateTaskBulkKeyed,
    ...idempotentRetry,
    onSuccess: (note, { workspaceId }) => {
      void applyGradedNote(queryClient, workspaceId, note);
    },
  });
}
