import { z } from 'zod';
import { latePenaltyView } from './late-rules.ts';
import { GRADES } from './constants.ts';
import { roundTo } from './grade.ts';
import { text } from './text.ts';

// The gradebook (issue 25, decision 0024): every graded item of a course in one place.

/** What a graded item is: an assignment, a lecture note's team or individual task, a peer evaluation. */
export const GRADEBOOK_ITEM_KINDS = ['assignment', 'team_task', 'individual_task', 'peer'] as const;
export type GradebookItemKind = (typeof GRADEBOOK_ITEM_KINDS)[number];

/** The weighted categories of the final percentage. */
export const GRADEBOOK_CATEGORIES = ['assignments', 'tasks', 'peer'] as const;
export type GradebookCategory = (typeof GRADEBOOK_CATEGORIES)[number];

/** The category an item counts in. */
export function categoryOf(kind: GradebookItemKind): GradebookCategory {
  switch (kind) {
    case 'assignment':
      return 'assignments';
    case 'team_task':
    case 'individual_task':
      return 'tasks';
    case 'peer':
      return 'peer';
  }
}

/** The column label of an item: A1, T1 (team task), I1 (individual task), P1. */
export function itemLabel(kind: GradebookItemKind, number: number): string {
  const prefix = { assignment: 'A', team_task: 'T', individual_task: 'I', peer: 'P' }[kind];
  return `${prefix}${number}`;
}

const WEIGHT_MESSAGE = 'A weight is a whole number from 0 to 100';
const weight = z
  .number(WEIGHT_MESSAGE)
  .int(WEIGHT_MESSAGE)
  .min(0, WEIGHT_MESSAGE)
  .max(100, WEIGHT_MESSAGE);

/** The owner's category weights: whole numbers 0..100, at least one above 0. */
export const gradebookWeights = z
  .object({ assignments: weight, tasks: weight, peer: weight })
  .refine((w) => w.assignments + w.tasks + w.peer > 0, {
    message: 'At least one category needs a weight above 0',
    path: ['assignments'],
  });
export type GradebookWeights = z.infer<typeof gradebookWeights>;

/** Equal weights: what a workspace has until the owner changes them. */
export const DEFAULT_GRADEBOOK_WEIGHTS: GradebookWeights = { assignments: 1, tasks: 1, peer: 1 };

/** One column: a graded item in course order. */
export const gradebookItem = z.object({
  kind: z.enum(GRADEBOOK_ITEM_KINDS),
  id: z.string(),
  /** A1, T2, I1: the column's short label. */
  label: z.string(),
  title: z.string(),
  category: z.enum(GRADEBOOK_CATEGORIES),
  /** The deadline (assignment end, task deadline, peer evaluation end), ISO; null without one. */
  dueAt: z.string().nullable(),
  /** False for a peer evaluation the owner has not released: students do not see it. */
  isReleased: z.boolean(),
});
export type GradebookItem = z.infer<typeof gradebookItem>;

/** Marks on a cell: late, missing, excused, overridden, peer-adjusted (decision 0024). */
export const GRADEBOOK_FLAGS = [
  'late',
  'missing',
  'excused',
  'overridden',
  /** The team's grade times the member's peer-evaluation factor (the owner applied it). */
  'peer_adjusted',
] as const;
export type GradebookFlag = (typeof GRADEBOOK_FLAGS)[number];

/** One member's grade on one item (compact: 40 x 40 cells are one answer). */
export const gradebookCell = z.object({
  /** The grade that counts (override, or the team's or own grade), percent; null: none. */
  score: z.number().nullable(),
  /**
   * The grade before an override: the team's grade (team items) or the member's own, after a
   * late penalty (decision 0030).
   */
  gradedScore: z.number().nullable(),
  feedback: z.string(),
  /** The team whose work this grade is for (decision 0019: the team it was handed in under). */
  teamNumber: z.number().nullable(),
  flags: z.array(z.enum(GRADEBOOK_FLAGS)),
  overrideReason: z.string().nullable(),
  /**
   * A late penalty taken off the grade given (decision 0030): `gradedScore` is after it, the
   * original is kept here; absent or null: none.
   */
  latePenalty: latePenaltyView.nullable().optional(),
});
export type GradebookCell = z.infer<typeof gradebookCell>;

/** Category averages and the final percentage with its letter. */
export const gradebookTotals = z.object({
  categories: z.object({
    assignments: z.number().nullable(),
    tasks: z.number().nullable(),
    peer: z.number().nullable(),
  }),
  finalPercent: z.number().nullable(),
  letter: z.enum(GRADES).nullable(),
});
export type GradebookTotals = z.infer<typeof gradebookTotals>;

/** One row: a member, their cells (in the items' order) and totals. */
export const gradebookRow = z.object({
  memberId: z.string(),
  name: z.string(),
  teamId: z.string().nullable(),
  teamNumber: z.number().nullable(),
  cells: z.array(gradebookCell),
  totals: gradebookTotals,
});
export type GradebookRow = z.infer<typeof gradebookRow>;

/** GET /api/workspaces/:id/gradebook (owner). */
export const gradebook = z.object({
  items: z.array(gradebookItem),
  teams: z.array(z.object({ teamId: z.string(), teamNumber: z.number() })),
  /** Members grouped by team (team order, then roster order); members without a team last. */
  rows: z.array(gradebookRow),
  weights: z.object({ assignments: z.number(), tasks: z.number(), peer: z.number() }),
  isDefaultWeights: z.boolean(),
});
export type Gradebook = z.infer<typeof gradebook>;

/** GET /api/workspaces/:id/my-grades: the caller's own row only. */
export const myGrades = z.object({
  items: z.array(gradebookItem),
  row: gradebookRow,
  weights: z.object({ assignments: z.number(), tasks: z.number(), peer: z.number() }),
});
export type MyGrades = z.infer<typeof myGrades>;

const SCORE_MESSAGE = 'Score must be between 0 and 100';

/** PUT /api/workspaces/:id/gradebook/overrides: one member's grade on one item, with a reason. */
export const gradeOverrideInput = z
  .object({
    memberId: z.uuid(),
    itemKind: z.enum(GRADEBOOK_ITEM_KINDS),
    itemId: z.uuid(),
    /** Percent; null when the member is excused. */
    score: z.number(SCORE_MESSAGE).min(0, SCORE_MESSAGE).max(100, SCORE_MESSAGE).nullable(),
    isExcused: z.boolean().default(false),
    reason: text({ max: 500 }, { required: 'Please give a reason for the override' }),
  })
  .refine((input) => input.isExcused || input.score !== null, {
    message: 'Enter a score, or excuse the member',
    path: ['score'],
  });
export type GradeOverrideInput = z.input<typeof gradeOverrideInput>;

/** DELETE /api/workspaces/:id/gradebook/overrides: back to the graded score. */
export const gradeOverrideKey = z.object({
  memberId: z.uuid(),
  itemKind: z.enum(GRADEBOOK_ITEM_KINDS),
  itemId: z.uuid(),
});
export type GradeOverrideKey = z.infer<typeof gradeOverrideKey>;

/**
 * Category averages over the graded cells (excused and ungraded ones left out, each 2 decimals)
 * and the final percentage: the weighted mean of the categories that have a grade, their weights
 * scaled to sum to 1; null before any grade.
 */
export function gradeTotals(
  cells: ReadonlyArray<{ category: GradebookCategory; score: number | null; isExcused: boolean }>,
  weights: GradebookWeights,
): { categories: Record<GradebookCategory, number | null>; finalPercent: number | null } {
  const sums = { assignments: [0, 0], tasks: [0, 0], peer: [0, 0] } as Record<
    GradebookCategory,
    [number, number]
  >;
  for (const cell of cells) {
    if (cell.isExcused || cell.score === null) continue;
    sums[cell.category][0] += cell.score;
    sums[cell.category][1] += 1;
  }
  const categories = {} as Record<GradebookCategory, number | null>;
  let weighted = 0;
  let weightSum = 0;
  for (const category of GRADEBOOK_CATEGORIES) {
    const [total, count] = sums[category];
    const average = count === 0 ? null : total / count;
    categories[category] = average === null ? null : roundTo(average, 2);
    if (average !== null && weights[category] > 0) {
      weighted += average * weights[category];
      weightSum += weights[category];
    }
  }
  return { categories, finalPercent: weightSum === 0 ? null : roundTo(weighted / weightSum, 2) };
}
