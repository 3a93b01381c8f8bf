import { roundTo } from '@teamshuffle/domain';
import type {
  AssignmentTeamState,
  BulkEvaluationForm,
  BulkEvaluationInput,
} from '@teamshuffle/domain';
import { rescaleBulkScores, scoreOnScale } from '../../../components/bulk-max-score';

// Bulk evaluation's browser side (spec part 2, section 5): the rows filled from the current
// grades, and only what changed sent. The maximum score is remembered per assignment in local
// storage by components/bulk-max-score.ts, which the lecture notes' bulk dialog shares.

type BulkEntry = BulkEvaluationForm['entries'][number];
type Team = Pick<AssignmentTeamState, 'teamId' | 'grade'> & {
  latest?: AssignmentTeamState['latest'];
};

/**
 * One row per team, filled with its current grade (or empty). A team that handed nothing in
 * starts without "No submission": it is graded only when the owner switches it on (issue 25).
 */
export function initialBulkEntries(teams: readonly Team[], maxScore: number): BulkEntry[] {
  return teams.map((team) => ({
    teamId: team.teamId,
    score: scoreOnScale(team.grade, maxScore),
    feedback: team.grade?.feedback ?? '',
    noSubmission: team.latest === null && team.grade !== null,
  }));
}

/**
 * The entries worth sending: a score or feedback (the rule of the API), and different from the
 * team's current grade, so an unchanged grade is never moved onto a newer attempt. An empty score
 * is sent as none (issue 25: feedback only, never 0).
 */
export function changedBulkEntries(
  input: BulkEvaluationInput,
  teams: readonly Team[],
): BulkEvaluationInput['entries'] {
  const grades = new Map(teams.map((team) => [team.teamId, team.grade]));
  return input.entries.filter((entry) => {
    if (entry.score === null && entry.feedback.trim() === '') return false;
    const grade = grades.get(entry.teamId);
    if (!grade) return true;
    const percent = entry.score === null ? null : roundTo((entry.score / input.maxScore) * 100, 2);
    return (percent !== null && percent !== grade.score) || entry.feedback !== grade.feedback;
  });
}

/**
 * When the maximum changes, a row still showing its team's grade follows it to the new scale (95
 * of 100 becomes 47.5 of 50); a score the owner typed stays as typed.
 */
export function rescaleBulkEntries(
  entries: readonly BulkEntry[],
  teams: readonly Team[],
  fromMax: number,
  toMax: number,
): BulkEntry[] {
  const grades = new Map(teams.map((team) => [team.teamId, team.grade]));
  return rescaleBulkScores(
    entries,
    entries.map((entry) => grades.get(entry.teamId)),
    fromMax,
    toMax,
  );
}
