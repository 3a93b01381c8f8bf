import { GRADE_SCALE } from './constants.ts';
import type { Grade, GradeColor } from './constants.ts';

/** A letter grade with the colour it is shown in. */
export type GradeResult = { grade: Grade; color: GradeColor };

/** Grade of a percentage: 90+ A green, 80+ B blue, 70+ C yellow, 60+ D orange, else F red. */
export function gradeFromPercent(percent: number): GradeResult {
  // spec part 2, section 9: grade scale as percent of max
  for (const row of GRADE_SCALE) {
    if (percent >= row.minPercent) return { grade: row.grade, color: row.color };
  }
  // only NaN gets here
  return { grade: 'F', color: 'red' };
}

/** Grade of a score as a percentage of `max`; a max of 0 or less counts as 0 percent (F). */
export function gradeFromScore(score: number, max: number): GradeResult {
  return gradeFromPercent(max > 0 ? (score / max) * 100 : 0);
}

/** Rounds to `decimals` places, half away from zero, without binary artefacts (1.005 -> 1.01). */
export function roundTo(value: number, decimals: number): number {
  // non-finite values and integers (every double of 2^53 or more is one) have nothing to round
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  const abs = Math.abs(value);
  // Shifting through the decimal exponent avoids 1.005 * 100 = 100.49999...
  const viaExponent = Number(`${Math.round(Number(`${abs}e${decimals}`))}e-${decimals}`);
  const factor = 10 ** decimals;
  // values printed in exponent form (1e-7, 1e21) cannot be shifted by text
  const rounded = Number.isFinite(viaExponent) ? viaExponent : Math.round(abs * factor) / factor;
  return Math.sign(value) * rounded || 0;
}

/** Average of scores rounded to 2 decimals; null when there are none. */
export function averageScore(scores: readonly number[]): number | null {
  // spec part 2, section 7: average the scores rounded to 2 decimals
  if (scores.length === 0) return null;
  const sum = scores.reduce((total, score) => total + score, 0);
  return roundTo(sum / scores.length, 2);
}

/**
 * A team's two averages over its scores per assignment (null: not evaluated), 2 decimals: over
 * the evaluated ones only, and with missing work counted as zero (spec part 2, section 7).
 */
export function scoreAverages(scores: ReadonlyArray<number | null>): {
  evaluated: number;
  averageEvaluated: number | null;
  averageWithMissing: number | null;
} {
  const given = scores.filter((score): score is number => score !== null);
  const total = given.reduce((sum, score) => sum + score, 0);
  return {
    evaluated: given.length,
    averageEvaluated: given.length === 0 ? null : roundTo(total / given.length, 2),
    averageWithMissing: scores.length === 0 ? null : roundTo(total / scores.length, 2),
  };
}
