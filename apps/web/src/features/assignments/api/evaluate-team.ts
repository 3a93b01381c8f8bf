import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentView } from '@teamshuffle/domain';
import type { AssignmentView, EvaluationInput } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
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
export async function evaluateTeam({
  workspaceId,
  assignmentId,
  evaluation,
}: EvaluateTeamInput): Promise<AssignmentView> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}/evaluations`,
    { method: 'POST', json: evaluation },
  );
  return assignmentView.parse(body);
}

/** Evaluate one team; refreshes the section and Team Scores. */
export function useEvaluateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateTeam,
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
