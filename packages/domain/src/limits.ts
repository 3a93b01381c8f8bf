import {
  BULK_MAX_SCORE_DEFAULT,
  BULK_MAX_SCORE_MAX,
  BULK_MAX_SCORE_MIN,
  MAX_FILE_SIZE_MB_DEFAULT,
  MAX_FILE_SIZE_MB_MAX,
  MAX_FILE_SIZE_MB_MIN,
  SCORE_MIN,
  TEAM_COUNT_DEFAULT,
  TEAM_COUNT_MAX,
  TEAM_COUNT_MIN,
} from './constants.ts';

/** Clamps `value` to `min..max`. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

// Whole number from form input (number or numeric string), or null when it is not a number.
function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : null;
}

/** Number of teams from form input: a whole number clamped to 2..10, 4 when not a number. */
export function teamCountFrom(value: unknown): number {
  // spec part 1, section 5: minimum 2, maximum 10, falls back to 4 if not a number
  const n = wholeNumber(value);
  return n === null ? TEAM_COUNT_DEFAULT : clamp(n, TEAM_COUNT_MIN, TEAM_COUNT_MAX);
}

/** Maximum upload size in MB from form input: whole number clamped to 1..100, 5 when not a number. */
export function maxFileSizeMbFrom(value: unknown): number {
  // spec part 2, section 5: whole number 1 to 100, default 5; a non-numeric value falls back to 5
  const n = wholeNumber(value);
  return n === null
    ? MAX_FILE_SIZE_MB_DEFAULT
    : clamp(n, MAX_FILE_SIZE_MB_MIN, MAX_FILE_SIZE_MB_MAX);
}

/** Bulk-evaluation maximum score from input: whole number clamped to 1..1000, 100 when not a number. */
export function bulkMaxScoreFrom(value: unknown): number {
  // spec part 2, section 5: maximum score 1 to 1000, default 100
  const n = wholeNumber(value);
  return n === null ? BULK_MAX_SCORE_DEFAULT : clamp(n, BULK_MAX_SCORE_MIN, BULK_MAX_SCORE_MAX);
}

/**
 * A bulk row's score as typed: null when empty (no score; issue 25: never 0), NaN for what is not
 * a number (refused as 'Enter a number'), the number otherwise; never clamped.
 */
export function bulkRowScoreFrom(value: number | string): number | null {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  return Number(value);
}

/** A bulk-evaluation score clamped between 0 and the maximum (non-numbers give 0). */
export function clampBulkScore(score: number, maxScore: number): number {
  // spec part 2, section 5: each score is clamped between 0 and the maximum
  return Number.isNaN(score) ? SCORE_MIN : clamp(score, SCORE_MIN, maxScore);
}
