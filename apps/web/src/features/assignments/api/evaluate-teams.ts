import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentView } from '@teamshuffle/domain';
import type { AssignmentView, BulkEvaluationInput } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface EvaluateTeamsInput {
  workspaceId: string;
  assignmentId: string;
  evaluations: BulkEvaluationInput;
}

/**
 * POST /api/workspaces/:id/assignments/:assignmentId/evaluations/bulk (owner): every entry in one
 * transaction, all or nothing; 422 bulk_evaluation_failed 'Failed to evaluate {n} teams: ...'.
 */
export async function evaluateTeams(
  { workspaceId, assignmentId, evaluations }: EvaluateTeamsInput,
  idempotencyKey?: string,
): Promise<AssignmentView> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}/evaluations/bulk`,
    { method: 'POST', json: evaluations, idempotencyKey },
  );
  return assignmentView.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const evaluateTeamsKeyed = withIdempotencyKey(evaluateTeams);

/** Bulk evaluation; refreshes the section and Team Scores (one Idempotency-Key per call). */
export function useEvaluateTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateTeamsKeyed,
    ...idempotentRetry,
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
