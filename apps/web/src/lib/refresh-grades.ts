import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * After a change to anything graded (an answer handed in or deleted, a grade, an evaluation's
 * factor): refreshes the grades that show it, the gradebook, My grades and Team Scores, which hang
 * under the assignments' root (decision 0024). Without it the gradebook showed a note's new grades
 * only once its copy was 30 s old.
 */
export function refreshGrades(queryClient: QueryClient, workspaceId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) });
}
