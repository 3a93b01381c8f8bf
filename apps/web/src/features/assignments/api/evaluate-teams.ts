import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentView } from '@teamshuffle/domain';
import type { AssignmentView, BulkEvaluationInput } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
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
export async function evaluateTeams({
  workspaceId,
  assignmentId,
  evaluations,
}: EvaluateTeamsInput): Promise<AssignmentView> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}/evaluations/bulk`,
    { method: 'POST', json: evaluations },
  );
  return assignmentView.parse(body);
}

/** Bulk evaluation; refreshes the section and Team Scores. */
export function useEvaluateTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateTeams,
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
