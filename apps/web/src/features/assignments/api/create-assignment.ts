import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentView } from '@teamshuffle/domain';
import type { AssignmentInput, AssignmentView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CreateAssignmentInput {
  workspaceId: string;
  input: AssignmentInput;
}

/**
 * POST /api/workspaces/:id/assignments (owner; body `assignmentInput`): 201 with the new card.
 * 422 leader_emails_missing while a team's leader has no e-mail.
 */
export async function createAssignment({
  workspaceId,
  input,
}: CreateAssignmentInput): Promise<AssignmentView> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments`,
    { method: 'POST', json: input },
  );
  return assignmentView.parse(body);
}

/** Create Assignment; refreshes the section and Team Scores (a new column). */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
