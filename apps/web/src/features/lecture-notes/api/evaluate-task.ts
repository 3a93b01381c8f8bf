import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lectureNote } from '@teamshuffle/domain';
import type { LectureNote, TaskEvaluationInput } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { applyGradedNote } from './note-cache';
import { notePath } from './paths';

export interface EvaluateTaskInput {
  workspaceId: string;
  noteId: string;
  evaluation: TaskEvaluationInput;
}

/**
 * POST /api/workspaces/:id/notes/:noteId/evaluations (owner): a team's current answer (`teamId`),
 * or one member's answer to an individual task (`userId`; issue 25).
 */
export async function evaluateTask(
  { workspaceId, noteId, evaluation }: EvaluateTaskInput,
  idempotencyKey?: string,
): Promise<LectureNote> {
  const body = await apiFetch<unknown>(`${notePath(workspaceId, noteId)}/evaluations`, {
    method: 'POST',
    json: evaluation,
    idempotencyKey,
  });
  return lectureNote.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const evaluateTaskKeyed = withIdempotencyKey(evaluateTask);

/** Evaluate a team's or a member's answer (one Idempotency-Key per call, kept on retries). */
export function useEvaluateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateTaskKeyed,
    ...idempotentRetry,
    // The note is shown at once from the answer; the section's refresh need not be waited for.
    onSuccess: (note, { workspaceId }) => {
      void applyGradedNote(queryClient, workspaceId, note);
    },
  });
}
