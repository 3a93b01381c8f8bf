import { roundTo } from '@teamshuffle/domain';
import { scoreOnScale } from '../../../components/bulk-max-score';
import type {
  EvaluationView,
  TaskBulkEvaluationForm,
  TaskBulkEvaluationInput,
  TaskView,
} from '@teamshuffle/domain';

// Bulk grading of a note's task (issue 25, decision 0025): one row per team (team task) or per
// member who handed in (individual task), filled from the current grade on the dialog's scale
// (components/bulk-max-score.ts, shared with the assignments' dialog); only changes are sent.

export interface TaskBulkRow {
  key: string;
  target: { teamId: string } | { userId: string };
  teamNumber: number;
  /** The member's name (individual task), or null for a team row. */
  name: string | null;
  /** An answer exists (tasks have no "No submission" grade: a row without one is not graded). */
  hasAnswer: boolean;
  evaluation: EvaluationView | null;
}

/** The dialog's rows, in team order. */
export function taskBulkRows(task: TaskView, deletedName: string): TaskBulkRow[] {
  if (task.assignmentType === 'team') {
    return task.teams.map((team) => ({
      key: team.teamId,
      target: { teamId: team.teamId },
      teamNumber: team.teamNumber,
      name: null,
      hasAnswer: team.current !== null,
      evaluation: team.current ? team.evaluation : null,
    }));
  }
  return task.individual.flatMap((team) =>
    team.submissions.flatMap((submission) =>
      submission.userId
        ? [
            {
              key: submission.id,
              target: { userId: submission.userId },
              teamNumber: team.teamNumber,
              name: submission.submittedBy?.name ?? deletedName,
              hasAnswer: true,
              evaluation: submission.evaluation ?? null,
            },
          ]
        : [],
    ),
  );
}

/** The form's first values: each row's current grade on the scale of `maxScore`. */
export function initialTaskBulkEntries(
  rows: readonly TaskBulkRow[],
  maxScore: number,
): TaskBulkEvaluationForm['entries'] {
  return rows.map((row) => ({
    ...row.target,
    score: scoreOnScale(row.evaluation, maxScore),
    feedback: row.evaluation?.feedback ?? '',
  }));
}

/**
 * The entries worth sending: an answer exists, a score or feedback is given, and it differs from
 * the current grade. An empty score is sent as none (feedback only, never 0).
 */
export function changedTaskBulkEntries(
  input: TaskBulkEvaluationInput,
  rows: readonly TaskBulkRow[],
): TaskBulkEvaluationInput['entries'] {
  return input.entries.filter((entry, index) => {
    const row = rows[index];
    if (!row?.hasAnswer) return false;
    if (entry.score === null && entry.feedback.trim() === '') return false;
    const grade = row.evaluation;
    if (!grade) return true;
    const percent = entry.score === null ? null : roundTo((entry.score / input.maxScore) * 100, 2);
    return (percent !== null && percent !== grade.score) || entry.feedback !== grade.feedback;
  });
}
