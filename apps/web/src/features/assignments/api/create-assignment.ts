import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentView } from '@teamshuffle/domain';
import type { AssignmentInput, AssignmentView } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CreateAssignmentInput {
  workspaceId: string;
  input: AssignmentInput;
}

/**
 * POST /api/workspaces/:id/assignments (owner; body `assignmentInput`): 201 with the new card.
 * 422 leader_emails_missing while a team's leader has no e-mail.
 */
export async function createAssignment(
  { workspaceId, input }: CreateAssignmentInput,
  idempotencyKey?: string,
): Promise<AssignmentView> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments`,
    { method: 'POST', json: input, idempotencyKey },
  );
  return assignmentView.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const createAssignmentKeyed = withIdempotencyKey(createAssignment);

/**
 * Create Assignment; refreshes the section and Team Scores (a new column). One Idempotency-Key
 * per call, sent again on its retries.
 */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignmentKeyed,
    ...idempotentRetry,
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
