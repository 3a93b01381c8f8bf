import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentView } from '@teamshuffle/domain';
import type { AssignmentUpdate, AssignmentView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateAssignmentInput {
  workspaceId: string;
  assignmentId: string;
  update: AssignmentUpdate;
}

/** PATCH /api/workspaces/:id/assignments/:assignmentId (owner; body `assignmentUpdate`). */
export async function updateAssignment({
  workspaceId,
  assignmentId,
  update,
}: UpdateAssignmentInput): Promise<AssignmentView> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}`,
    { method: 'PATCH', json: update },
  );
  return assignmentView.parse(body);
}

/** Edit an assignment; refreshes the section and Team Scores (titles). */
export function useUpdateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssignment,
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
