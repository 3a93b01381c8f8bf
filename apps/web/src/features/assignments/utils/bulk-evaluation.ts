import { bulkMaxScoreFrom, roundTo } from '@teamshuffle/domain';
import type {
  AssignmentTeamState,
  BulkEvaluationForm,
  BulkEvaluationInput,
} from '@teamshuffle/domain';

// Bulk evaluation's browser side (spec part 2, section 5): the maximum score remembered per
// assignment in local storage, the rows filled from the current grades, and only what changed sent.

/** The local storage key of an assignment's remembered maximum score. */
export function bulkMaxScoreKey(assignmentId: string): string {
  return `bulkMaxScore_${assignmentId}`;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The remembered maximum of an assignment: 1 to 1000, 100 when none (or storage is unavailable). */
export function readBulkMaxScore(storage: ReadableStorage | null, assignmentId: string): number {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(bulkMaxScoreKey(assignmentId)) ?? null;
  } catch {
    // Storage refused (private mode): the default applies.
  }
  return bulkMaxScoreFrom(stored);
}

/** Remembers an assignment's maximum (as the form would take it); storage failures are ignored. */
export function rememberBulkMaxScore(
  storage: WritableStorage | null,
  assignmentId: string,
  value: unknown,
): void {
  try {
    storage?.setItem(bulkMaxScoreKey(assignmentId), String(bulkMaxScoreFrom(value)));
  } catch {
    // Nothing to remember it in: the next dialog starts from the default.
  }
}

/** The browser's local storage, or null where it cannot be reached. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

type BulkEntry = BulkEvaluationForm['entries'][number];
type Team = Pick<AssignmentTeamState, 'teamId' | 'grade'> & {
  latest?: AssignmentTeamState['latest'];
};

/** A team's current score on a scale of `maxScore` (its raw score when given on that scale). */
function scoreOn(grade: NonNullable<AssignmentTeamState['grade']>, maxScore: number): number | '' {
  if (grade.score === null || grade.rawScore === null) return '';
  return grade.maxScore === maxScore ? grade.rawScore : roundTo((grade.score * maxScore) / 100, 2);
}

/**
 * One row per team, filled with its current grade (or empty). A team that handed nothing in
 * starts without "No submission": it is graded only when the owner switches it on (issue 25).
 */
export function initialBulkEntries(teams: readonly Team[], maxScore: number): BulkEntry[] {
  return teams.map((team) => ({
    teamId: team.teamId,
    score: team.grade ? scoreOn(team.grade, maxScore) : '',
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
  if (fromMax === toMax) return [...entries];
  const grades = new Map(teams.map((team) => [team.teamId, team.grade]));
  return entries.map((entry) => {
    const grade = grades.get(entry.teamId);
    if (!grade || entry.score === '' || entry.score !== scoreOn(grade, fromMax)) return entry;
    return { ...entry, score: scoreOn(grade, toMax) };
  });
}
