import { z } from 'zod';

// Late rules and extensions (issue 26, decision 0030). Every assignment and every note's task has
// a late policy and a grace period; the owner can give a team (or one member, for an individual
// task) a later deadline. One pure function decides a hand-in's state, on the server (refusals,
// late marks, penalties) and in the web (the late warning, the closed form).

/** Accept late work and flag it (the default), accept it with a penalty per day late, or close. */
export const LATE_POLICIES = ['accept', 'penalty', 'close'] as const;
export const latePolicy = z.enum(LATE_POLICIES);
export type LatePolicy = z.infer<typeof latePolicy>;

export const LATE_PENALTY_PERCENT_MIN = 1;
export const LATE_PENALTY_PERCENT_MAX = 100;
export const LATE_FLOOR_PERCENT_MIN = 0;
export const LATE_FLOOR_PERCENT_MAX = 100;
export const GRACE_MINUTES_MIN = 0;
/** A day: a longer grace is an extension. */
export const GRACE_MINUTES_MAX = 1440;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const PENALTY_MESSAGE = `Enter a whole percent from ${LATE_PENALTY_PERCENT_MIN} to ${LATE_PENALTY_PERCENT_MAX}`;
const FLOOR_MESSAGE = `Enter a whole percent from ${LATE_FLOOR_PERCENT_MIN} to ${LATE_FLOOR_PERCENT_MAX}`;
const GRACE_MESSAGE = `Enter whole minutes from ${GRACE_MINUTES_MIN} to ${GRACE_MINUTES_MAX}`;

/** The late-rule fields of an assignment's or a task's create and update bodies and answers. */
export const lateRuleFields = {
  latePolicy,
  /** Percent of the grade taken off per day late (penalty only; null otherwise). */
  latePenaltyPercentPerDay: z
    .number(PENALTY_MESSAGE)
    .int(PENALTY_MESSAGE)
    .min(LATE_PENALTY_PERCENT_MIN, PENALTY_MESSAGE)
    .max(LATE_PENALTY_PERCENT_MAX, PENALTY_MESSAGE)
    .nullable(),
  /** The grade never goes below this percent of the grade given (null: 0). */
  latePenaltyFloorPercent: z
    .number(FLOOR_MESSAGE)
    .int(FLOOR_MESSAGE)
    .min(LATE_FLOOR_PERCENT_MIN, FLOOR_MESSAGE)
    .max(LATE_FLOOR_PERCENT_MAX, FLOOR_MESSAGE)
    .nullable(),
  /** Minutes after the deadline during which a hand-in is still on time. */
  graceMinutes: z
    .number(GRACE_MESSAGE)
    .int(GRACE_MESSAGE)
    .min(GRACE_MINUTES_MIN, GRACE_MESSAGE)
    .max(GRACE_MINUTES_MAX, GRACE_MESSAGE),
};

export const PENALTY_REQUIRED_MESSAGE = 'Enter the percent taken off per day late';
export const PENALTY_ONLY_MESSAGE = 'A penalty applies only to "Accept with a penalty"';

/**
 * A body's late rule is consistent: a penalty policy names its percent, the others none. Fields
 * absent (an update that leaves them) are not checked here; the server checks the merged rule.
 */
export function checkLateRule(
  body: {
    latePolicy?: LatePolicy | undefined;
    latePenaltyPercentPerDay?: number | null | undefined;
    latePenaltyFloorPercent?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (body.latePolicy === undefined) return;
  if (body.latePolicy === 'penalty' && body.latePenaltyPercentPerDay == null) {
    ctx.addIssue({
      code: 'custom',
      message: PENALTY_REQUIRED_MESSAGE,
      path: ['latePenaltyPercentPerDay'],
    });
  }
  if (body.latePolicy !== 'penalty' && body.latePenaltyPercentPerDay != null) {
    ctx.addIssue({
      code: 'custom',
      message: PENALTY_ONLY_MESSAGE,
      path: ['latePenaltyPercentPerDay'],
    });
  }
  if (body.latePolicy !== 'penalty' && body.latePenaltyFloorPercent != null) {
    ctx.addIssue({
      code: 'custom',
      message: PENALTY_ONLY_MESSAGE,
      path: ['latePenaltyFloorPercent'],
    });
  }
}

/** A whole late rule (an answer's, or a create body's once defaults are filled). */
export const lateRule = z.object(lateRuleFields).superRefine(checkLateRule);
export type LateRule = z.infer<typeof lateRule>;

/** Today's behaviour: late work accepted and flagged, no grace. */
export const DEFAULT_LATE_RULE: LateRule = {
  latePolicy: 'accept',
  latePenaltyPercentPerDay: null,
  latePenaltyFloorPercent: null,
  graceMinutes: 0,
};

/** The late-rule fields a create body may leave out (they default to DEFAULT_LATE_RULE). */
export const lateRuleInputFields = {
  latePolicy: lateRuleFields.latePolicy.optional(),
  latePenaltyPercentPerDay: lateRuleFields.latePenaltyPercentPerDay.optional(),
  latePenaltyFloorPercent: lateRuleFields.latePenaltyFloorPercent.optional(),
  graceMinutes: lateRuleFields.graceMinutes.optional(),
};

/** A body's late rule over the stored one (an update's fields win; a change of policy away from
 * the penalty drops the penalty's numbers). */
export function mergeLateRule(
  stored: LateRule,
  body: Partial<{ [K in keyof LateRule]: LateRule[K] | undefined }>,
): LateRule {
  const policy = body.latePolicy ?? stored.latePolicy;
  const isPenalty = policy === 'penalty';
  return {
    latePolicy: policy,
    latePenaltyPercentPerDay: isPenalty
      ? body.latePenaltyPercentPerDay !== undefined
        ? body.latePenaltyPercentPerDay
        : stored.latePenaltyPercentPerDay
      : null,
    latePenaltyFloorPercent: isPenalty
      ? body.latePenaltyFloorPercent !== undefined
        ? body.latePenaltyFloorPercent
        : stored.latePenaltyFloorPercent
      : null,
    graceMinutes: body.graceMinutes ?? stored.graceMinutes,
  };
}

type Instant = Date | string | null | undefined;

function toMs(value: Instant): number | null {
  if (value === null || value === undefined) return null;
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** A team's (member's) own deadline: its extension, else the item's; null without either. */
export function effectiveDeadline(deadline: Instant, extensionDueAt: Instant): Date | null {
  const ms = toMs(extensionDueAt) ?? toMs(deadline);
  return ms === null ? null : new Date(ms);
}

/**
 * A hand-in's state at `at` (its submitted time, or now before submitting):
 * - `on_time`: no deadline, or not after the effective deadline plus the grace;
 * - `late`: after it, accepted and flagged;
 * - `late_penalty`: after it, accepted with `penaltyPercent` off (days late = the late time after
 *   the grace in started 24 h days, times the percent per day, at most 100);
 * - `closed`: after it on a task that closes at the deadline: no hand-in is taken.
 */
export type HandInState =
  | { state: 'on_time'; deadline: Date | null }
  | { state: 'late'; deadline: Date }
  | { state: 'late_penalty'; deadline: Date; daysLate: number; penaltyPercent: number }
  | { state: 'closed'; deadline: Date };

export function handInState(input: {
  rule: LateRule;
  deadline: Instant;
  extensionDueAt?: Instant;
  at: Instant;
}): HandInState {
  const deadline = effectiveDeadline(input.deadline, input.extensionDueAt);
  const at = toMs(input.at);
  if (deadline === null || at === null) return { state: 'on_time', deadline };
  const lateMs = at - deadline.getTime() - input.rule.graceMinutes * MINUTE_MS;
  if (lateMs <= 0) return { state: 'on_time', deadline };
  if (input.rule.latePolicy === 'close') return { state: 'closed', deadline };
  if (input.rule.latePolicy === 'penalty' && input.rule.latePenaltyPercentPerDay !== null) {
    const daysLate = Math.ceil(lateMs / DAY_MS);
    const penaltyPercent = Math.min(100, daysLate * input.rule.latePenaltyPercentPerDay);
    return { state: 'late_penalty', deadline, daysLate, penaltyPercent };
  }
  return { state: 'late', deadline };
}

/** Whether a hand-in at `at` is late (the mark; a closed task takes no late hand-in). */
export function isLateHandIn(input: {
  rule: Pick<LateRule, 'graceMinutes'>;
  deadline: Instant;
  extensionDueAt?: Instant;
  at: Instant;
}): boolean {
  const deadline = effectiveDeadline(input.deadline, input.extensionDueAt);
  const at = toMs(input.at);
  if (deadline === null || at === null) return false;
  return at > deadline.getTime() + input.rule.graceMinutes * MINUTE_MS;
}

/**
 * A grade after a late penalty: the grade given less `penaltyPercent` of it, never below
 * `floorPercent` of it (null: 0), 2 decimals. A grade of null stays null.
 */
export function applyLatePenalty(
  score: number | null,
  penaltyPercent: number,
  floorPercent: number | null,
): number | null {
  if (score === null) return null;
  const kept = Math.max(100 - Math.min(100, Math.max(0, penaltyPercent)), floorPercent ?? 0);
  return Math.round(score * kept) / 100;
}

/**
 * A late penalty as a grade shows it: what was given, what counts, and the percent off (null when
 * the hand-in was not penalised). The penalty follows the graded attempt's submitted time.
 */
export const latePenaltyView = z.object({
  /** The grade given, before the penalty (percent). */
  originalScore: z.number(),
  /** Percent of the grade taken off (days late times the percent per day, at most 100). */
  penaltyPercent: z.number(),
  daysLate: z.number().int(),
});
export type LatePenaltyView = z.infer<typeof latePenaltyView>;

/** The penalty of a graded hand-in, or null when none applies. */
export function latePenaltyOf(input: {
  rule: LateRule;
  deadline: Instant;
  extensionDueAt?: Instant;
  submittedAt: Instant;
  score: number | null;
}): { score: number | null; penalty: LatePenaltyView | null } {
  const state = handInState({
    rule: input.rule,
    deadline: input.deadline,
    extensionDueAt: input.extensionDueAt,
    at: input.submittedAt,
  });
  if (state.state !== 'late_penalty' || input.score === null) {
    return { score: input.score, penalty: null };
  }
  return {
    score: applyLatePenalty(input.score, state.penaltyPercent, input.rule.latePenaltyFloorPercent),
    penalty: {
      originalScore: input.score,
      penaltyPercent: state.penaltyPercent,
      daysLate: state.daysLate,
    },
  };
}

/** An extension's holder: a team (team work) or one member (an individual note task). */
export const extensionHolder = z.enum(['team', 'member']);
export type ExtensionHolder = z.infer<typeof extensionHolder>;

/**
 * PUT /api/workspaces/:id/{assignments|notes}/:itemId/extensions/{team|member}/:holderId: the
 * later deadline (an instant with an offset). It must be after the item's own deadline.
 */
export const extensionInput = z.object({ dueAt: z.iso.datetime({ offset: true }) });
export type ExtensionInput = z.input<typeof extensionInput>;

/** One extension as the owner and its holder see it. */
export const deadlineExtension = z.object({
  id: z.string(),
  itemKind: z.enum(['assignment', 'task']),
  itemId: z.string(),
  teamId: z.string().nullable(),
  memberId: z.string().nullable(),
  dueAt: z.string(),
  updatedAt: z.string(),
});
export type DeadlineExtension = z.infer<typeof deadlineExtension>;

/** GET .../extensions: an item's extensions (the owner's list). */
export const deadlineExtensionList = z.object({ extensions: z.array(deadlineExtension) });
export type DeadlineExtensionList = z.infer<typeof deadlineExtensionList>;
