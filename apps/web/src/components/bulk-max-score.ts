import { bulkMaxScoreFrom, roundTo } from '@teamshuffle/domain';
import type { EvaluationView } from '@teamshuffle/domain';

// The maximum score of the two bulk grading dialogs (an assignment's, a note task's): remembered
// per item in local storage (spec part 2, section 5), and the rows' prefilled grades on its scale.

/** What a remembered maximum belongs to: an assignment, or a lecture note's task. */
export type BulkMaxScoreScope = { assignmentId: string } | { noteId: string };

/**
 * The local storage key of a remembered maximum score. An assignment's is the spec's
 * `bulkMaxScore_<id>` (what earlier versions stored); a note's task has one of its own.
 */
export function bulkMaxScoreKey(scope: BulkMaxScoreScope): string {
  return 'assignmentId' in scope
    ? `bulkMaxScore_${scope.assignmentId}`
    : `bulkMaxScore_note_${scope.noteId}`;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The remembered maximum: 1 to 1000, 100 when none (or storage is unavailable). */
export function readBulkMaxScore(
  storage: ReadableStorage | null,
  scope: BulkMaxScoreScope,
): number {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(bulkMaxScoreKey(scope)) ?? null;
  } catch {
    // Storage refused (private mode): the default applies.
  }
  return bulkMaxScoreFrom(stored);
}

/** Remembers a maximum (as the form would take it); storage failures are ignored. */
export function rememberBulkMaxScore(
  storage: WritableStorage | null,
  scope: BulkMaxScoreScope,
  value: unknown,
): void {
  try {
    storage?.setItem(bulkMaxScoreKey(scope), String(bulkMaxScoreFrom(value)));
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

type Grade = Pick<EvaluationView, 'score' | 'rawScore' | 'maxScore'>;

/**
 * A grade's score on a scale of `maxScore`: its raw score when it was given on that scale, else
 * its percent rescaled (2 decimals); empty for no grade or a grade of feedback only.
 */
export function scoreOnScale(grade: Grade | null | undefined, maxScore: number): number | '' {
  if (!grade || grade.score === null || grade.rawScore === null) return '';
  return grade.maxScore === maxScore ? grade.rawScore : roundTo((grade.score * maxScore) / 100, 2);
}

/**
 * When the maximum changes, a row still showing its current grade follows it to the new scale
 * (95 of 100 becomes 47.5 of 50), so no grade changes by a change of scale alone; a score the
 * owner typed stays as typed. `grades[i]` is row i's current grade.
 */
export function rescaleBulkScores<E extends { score: unknown }>(
  entries: readonly E[],
  grades: ReadonlyArray<Grade | null | undefined>,
  fromMax: number,
  toMax: number,
): E[] {
  if (fromMax === toMax) return [...entries];
  return entries.map((entry, index) => {
    const grade = grades[index];
    if (!grade || entry.score === '' || entry.score !== scoreOnScale(grade, fromMax)) return entry;
    return { ...entry, score: scoreOnScale(grade, toMax) };
  });
}
