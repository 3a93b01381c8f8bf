import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentView } from '@teamshuffle/domain';
import type { AssignmentView, EvaluationInput } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface EvaluateTeamInput {
  workspaceId: string;
  assignmentId: string;
  evaluation: EvaluationInput;
}

/**
 * POST /api/workspaces/:id/assignments/:assignmentId/evaluations (owner): grades the team's latest
 * attempt, or records "no submission" for a team that handed nothing in.
 */
export async function evaluateTeam(
  { workspaceId, assignmentId, evaluation }: EvaluateTeamInput,
  idempotencyKey?: string,
): Promise<AssignmentView> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}/evaluations`,
    { method: 'POST', json: evaluation, idempotencyKey },
  );
  return assignmentView.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const evaluateTeamKeyed = withIdempotencyKey(evaluateTeam);

/** Evaluate one team; refreshes the section and Team Scores (one Idempotency-Key per call). */
export function useEvaluateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateTeamKeyed,
    ...idempotentRetry,
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
