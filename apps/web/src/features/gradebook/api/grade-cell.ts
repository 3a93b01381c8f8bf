import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradebookItemKind } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import type { ApiPath } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface GradeCellInput {
  workspaceId: string;
  itemKind: Extract<GradebookItemKind, 'assignment' | 'team_task'>;
  itemId: string;
  teamId: string;
  score: number;
  /** The grade's feedback as it is: quick grading keeps it. */
  feedback: string;
}

/**
 * Quick grading in a cell: a team's grade through the existing evaluation routes (the
 * gradebook has no second way to write a team grade, decision 0024): an assignment's
 * `POST .../assignments/:id/evaluations` or a team task's `POST .../notes/:id/evaluations`.
 */
export async function gradeCell(input: GradeCellInput, idempotencyKey?: string): Promise<void> {
  const ws = encodeURIComponent(input.workspaceId);
  const item = encodeURIComponent(input.itemId);
  const path: ApiPath =
    input.itemKind === 'assignment'
      ? `/api/workspaces/${ws}/assignments/${item}/evaluations`
      : `/api/workspaces/${ws}/notes/${item}/evaluations`;
  await apiFetch<unknown>(path, {
    method: 'POST',
    json: { teamId: input.teamId, score: input.score, feedback: input.feedback },
    idempotencyKey,
  });
}

const gradeCellKeyed = withIdempotencyKey(gradeCell);

/** Grades a team from the gradebook; refreshes the gradebook, the sections and Team Scores. */
export function useGradeCell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: gradeCellKeyed,
    ...idempotentRetry,
    onSuccess: async (_, { workspaceId, itemKind }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) });
      if (itemKind === 'team_task') {
        await queryClient.invalidateQueries({ queryKey: queryKeys.notes.all(workspaceId) });
      }
    },
  });
}
