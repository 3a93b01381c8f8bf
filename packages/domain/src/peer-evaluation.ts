import { z } from 'zod';

// Peer evaluation (issue 25, docs/decisions/0026-peer-evaluation.md): each member of the chosen
// teams rates themselves and each teammate on CATME's five dimensions (Ohland et al., 2012), 1-5.
// The math is here, pure: averages by others and by self, the adjustment factor and the flags.

/** CATME's five dimensions of team-member effectiveness, in the form's order. */
export const PEER_DIMENSIONS = [
  'contributing',
  'interacting',
  'keepingOnTrack',
  'expectingQuality',
  'knowledge',
] as const;
/** One of the five dimensions. */
export type PeerDimension = (typeof PEER_DIMENSIONS)[number];

/** The address of a workspace's peer evaluation page (PAGE_PATHS.workspacePeerEvaluation). */
export function workspacePeerEvaluationPath(workspaceId: string): string {
  return `/workspace/${encodeURIComponent(workspaceId)}/peer-evaluation`;
}

/** The lowest and highest rating on the behaviourally anchored scale. */
export const PEER_RATING_MIN = 1;
export const PEER_RATING_MAX = 5;

/** The adjustment factor's default cap (issue 25: 1.05), and the caps an owner may choose. */
export const PEER_FACTOR_CAP_DEFAULT = 1.05;
export const PEER_FACTOR_CAP_MIN = 1;
export const PEER_FACTOR_CAP_MAX = 1.5;

/** Flag thresholds (issue 25: "where a pattern stands out"), on the 1-5 scale. */
export const PEER_FLAG_THRESHOLDS = {
  /** A member's own average is this much (or more) above the average others give them. */
  selfAboveOthers: 1,
  /** A rater is flagged when every rating they gave others is the top or the bottom, over at least this many teammates. */
  uniformRaterMinRatees: 2,
  /**
   * A team disagrees when the average, over its members, of the spread (population standard
   * deviation) of the averages their raters gave them is this much or more.
   */
  teamDisagreement: 1,
} as const;

/** The longest comment for the owner. */
export const PEER_COMMENT_MAX = 2000;
/** The longest title of an evaluation. */
export const PEER_TITLE_MAX = 120;

const rating = z.number().int().min(PEER_RATING_MIN).max(PEER_RATING_MAX);

/** One rating of one teammate (or oneself) on the five dimensions. */
export const peerScores = z.strictObject({
  contributing: rating,
  interacting: rating,
  keepingOnTrack: rating,
  expectingQuality: rating,
  knowledge: rating,
});
export type PeerScores = z.infer<typeof peerScores>;

const uuid = z.uuid();
const isoDate = z.iso.datetime({ offset: true });

/** The owner opens an evaluation: a window on chosen teams, with the factor's cap. */
export const peerEvaluationCreateInput = z
  .strictObject({
    title: z.string().trim().min(1).max(PEER_TITLE_MAX),
    startsAt: isoDate,
    endsAt: isoDate,
    teamIds: z.array(uuid).min(1).max(200),
    factorCap: z.number().min(PEER_FACTOR_CAP_MIN).max(PEER_FACTOR_CAP_MAX).optional(),
  })
  .refine((input) => Date.parse(input.endsAt) > Date.parse(input.startsAt), {
    message: 'The end must be after the start.',
    path: ['endsAt'],
  })
  .refine((input) => new Set(input.teamIds).size === input.teamIds.length, {
    message: 'A team is chosen twice.',
    path: ['teamIds'],
  });
export type PeerEvaluationCreateInput = z.infer<typeof peerEvaluationCreateInput>;

/** The owner changes the cap of the factor. */
export const peerEvaluationUpdateInput = z.strictObject({
  factorCap: z.number().min(PEER_FACTOR_CAP_MIN).max(PEER_FACTOR_CAP_MAX),
});
export type PeerEvaluationUpdateInput = z.infer<typeof peerEvaluationUpdateInput>;

/** A member's answer: self and each teammate rated, and an optional comment for the owner. */
export const peerResponseInput = z.strictObject({
  ratings: z
    .array(z.strictObject({ rateeMemberId: uuid, scores: peerScores }))
    .min(1)
    .max(50)
    .refine((list) => new Set(list.map((r) => r.rateeMemberId)).size === list.length, {
      message: 'A teammate is rated twice.',
    }),
  comment: z.string().trim().max(PEER_COMMENT_MAX).optional(),
});
export type PeerResponseInput = z.infer<typeof peerResponseInput>;

/** The kinds of graded item a factor can be applied to (their team grades). */
export const PEER_ITEM_KINDS = ['assignment', 'team_task'] as const;
export type PeerItemKind = (typeof PEER_ITEM_KINDS)[number];

/** The owner applies an evaluation's factor to an item's team grades (or takes it off). */
export const peerApplicationInput = z.strictObject({
  itemKind: z.enum(PEER_ITEM_KINDS),
  itemId: uuid,
});
export type PeerApplicationInput = z.infer<typeof peerApplicationInput>;

/** Where an evaluation stands at a moment. */
export type PeerEvaluationState = 'scheduled' | 'open' | 'closed';

/** The state of a window at `now` (pass the clock in). */
export function peerEvaluationState(
  window: { startsAt: string; endsAt: string },
  now: Date,
): PeerEvaluationState {
  const at = now.getTime();
  if (at < Date.parse(window.startsAt)) return 'scheduled';
  if (at >= Date.parse(window.endsAt)) return 'closed';
  return 'open';
}

/** One evaluation in a list: for the owner with the progress, for a member with their own status. */
export const peerEvaluationSummary = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['scheduled', 'open', 'closed']),
  factorCap: z.number(),
  releasedAt: z.string().nullable(),
  teamIds: z.array(z.string()),
  /** Members of the chosen teams, and how many of them answered (the owner's progress). */
  expected: z.number(),
  answered: z.number(),
  /** A member's own: whether they answered (null for the owner). */
  hasAnswered: z.boolean().nullable(),
});
export type PeerEvaluationSummary = z.infer<typeof peerEvaluationSummary>;

export const peerEvaluationList = z.object({ items: z.array(peerEvaluationSummary) });
export type PeerEvaluationList = z.infer<typeof peerEvaluationList>;

const dimensionAverages = z.object({
  contributing: z.number().nullable(),
  interacting: z.number().nullable(),
  keepingOnTrack: z.number().nullable(),
  expectingQuality: z.number().nullable(),
  knowledge: z.number().nullable(),
});

/** A member's aggregate: what a released result shows the member, and a row of the owner's. */
export const peerMemberResult = z.object({
  memberId: z.string(),
  name: z.string(),
  teamId: z.string(),
  teamNumber: z.number(),
  hasAnswered: z.boolean(),
  /** Average of the ratings others gave (all five dimensions), null with none. */
  byOthers: z.number().nullable(),
  bySelf: z.number().nullable(),
  byOthersPerDimension: dimensionAverages,
  /** How many teammates rated this member. */
  raterCount: z.number(),
  factor: z.number().nullable(),
  flags: z.array(z.enum(['self_above_others', 'uniform_rater'])),
});
export type PeerMemberResult = z.infer<typeof peerMemberResult>;

/** The owner's results: every member, the teams' flags, the comments, the applications. */
export const peerEvaluationResults = z.object({
  evaluation: peerEvaluationSummary,
  members: z.array(peerMemberResult),
  teams: z.array(
    z.object({
      teamId: z.string(),
      teamNumber: z.number(),
      average: z.number().nullable(),
      spread: z.number().nullable(),
      isDisagreeing: z.boolean(),
    }),
  ),
  comments: z.array(z.object({ memberId: z.string(), name: z.string(), comment: z.string() })),
  applications: z.array(z.object({ itemKind: z.enum(PEER_ITEM_KINDS), itemId: z.string() })),
  /** The items a factor may be applied to (assignments and team tasks of the workspace). */
  items: z.array(
    z.object({ itemKind: z.enum(PEER_ITEM_KINDS), itemId: z.string(), title: z.string() }),
  ),
});
export type PeerEvaluationResults = z.infer<typeof peerEvaluationResults>;

/** A member's view: the form (self first, then teammates), their own answer, their released aggregate. */
export const peerEvaluationForm = z.object({
  evaluation: peerEvaluationSummary,
  teammates: z.array(z.object({ memberId: z.string(), name: z.string(), isSelf: z.boolean() })),
  /** The caller's own answer (their ratings and comment: nobody else's). */
  response: z
    .object({
      ratings: z.array(z.object({ rateeMemberId: z.string(), scores: peerScores })),
      comment: z.string(),
      submittedAt: z.string(),
    })
    .nullable(),
  /** Only once released: the caller's own aggregate, never who gave which rating. */
  result: z
    .object({
      byOthers: z.number().nullable(),
      bySelf: z.number().nullable(),
      byOthersPerDimension: dimensionAverages,
      raterCount: z.number(),
      factor: z.number().nullable(),
    })
    .nullable(),
});
export type PeerEvaluationForm = z.infer<typeof peerEvaluationForm>;

/** One answered rating, as the math needs it. */
export type PeerRating = { raterId: string; rateeId: string; scores: PeerScores };
/** A member as the math needs them. */
export type PeerMember = { memberId: string; teamId: string };

/** The mean of a rating's five dimensions. */
export function scoresMean(scores: PeerScores): number {
  return PEER_DIMENSIONS.reduce((sum, d) => sum + scores[d], 0) / PEER_DIMENSIONS.length;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Population standard deviation; null for fewer than two values. */
function spreadOf(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null || values.length < 2) return null;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / values.length);
}

/** Rounds for display and storage-free comparison (4 decimals). */
export function roundPeer(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * The adjustment factor: the member's average by others divided by the team's average (the mean
 * of its members' averages by others), never above `cap`; null when either is missing.
 */
export function adjustmentFactor(
  memberAverage: number | null,
  teamAverage: number | null,
  cap: number,
): number | null {
  if (memberAverage === null || teamAverage === null || teamAverage <= 0) return null;
  return Math.min(memberAverage / teamAverage, cap);
}

export type PeerMemberMath = {
  memberId: string;
  teamId: string;
  byOthers: number | null;
  bySelf: number | null;
  byOthersPerDimension: Record<PeerDimension, number | null>;
  raterCount: number;
  factor: number | null;
  flags: Array<'self_above_others' | 'uniform_rater'>;
};

export type PeerTeamMath = {
  teamId: string;
  average: number | null;
  spread: number | null;
  isDisagreeing: boolean;
};

/**
 * Everything the results show, from the members and the ratings: each member's averages by
 * others and by self, the factor (capped), and the flags; each team's average and disagreement.
 * Ratings across teams (a member moved since) count only within the ratee's team.
 */
export function computePeerResults(
  members: readonly PeerMember[],
  ratings: readonly PeerRating[],
  cap: number,
): { members: PeerMemberMath[]; teams: PeerTeamMath[] } {
  const teamOf = new Map(members.map((m) => [m.memberId, m.teamId]));
  const received = new Map<string, PeerRating[]>();
  const given = new Map<string, PeerRating[]>();
  for (const r of ratings) {
    if (!teamOf.has(r.rateeId) || teamOf.get(r.raterId) !== teamOf.get(r.rateeId)) continue;
    received.set(r.rateeId, [...(received.get(r.rateeId) ?? []), r]);
    given.set(r.raterId, [...(given.get(r.raterId) ?? []), r]);
  }
  const partial = members.map((m) => {
    const mine = received.get(m.memberId) ?? [];
    const others = mine.filter((r) => r.raterId !== m.memberId);
    const self = mine.find((r) => r.raterId === m.memberId);
    const perDimension = Object.fromEntries(
      PEER_DIMENSIONS.map((d) => [d, mean(others.map((r) => r.scores[d]))]),
    ) as Record<PeerDimension, number | null>;
    const byOthers = mean(others.map((r) => scoresMean(r.scores)));
    const bySelf = self ? scoresMean(self.scores) : null;
    const flags: PeerMemberMath['flags'] = [];
    if (
      byOthers !== null &&
      bySelf !== null &&
      bySelf - byOthers >= PEER_FLAG_THRESHOLDS.selfAboveOthers
    ) {
      flags.push('self_above_others');
    }
    if (isUniformRater(m.memberId, given.get(m.memberId) ?? [])) flags.push('uniform_rater');
    return {
      memberId: m.memberId,
      teamId: m.teamId,
      byOthers,
      bySelf,
      byOthersPerDimension: perDimension,
      raterCount: others.length,
      factor: null as number | null,
      flags,
      raterAverages: others.map((r) => scoresMean(r.scores)),
    };
  });
  const teamIds = [...new Set(members.map((m) => m.teamId))];
  const teams = teamIds.map((teamId) => {
    const inTeam = partial.filter((p) => p.teamId === teamId);
    const average = mean(inTeam.flatMap((p) => (p.byOthers === null ? [] : [p.byOthers])));
    const spreads = inTeam.flatMap((p) => {
      const s = spreadOf(p.raterAverages);
      return s === null ? [] : [s];
    });
    const spread = mean(spreads);
    for (const p of inTeam) p.factor = adjustmentFactor(p.byOthers, average, cap);
    return {
      teamId,
      average,
      spread,
      isDisagreeing: spread !== null && spread >= PEER_FLAG_THRESHOLDS.teamDisagreement,
    };
  });
  return {
    members: partial.map(({ raterAverages: _unused, ...rest }) => rest),
    teams,
  };
}

/**
 * A rater who gave every teammate (self aside) the top score on every dimension, or the bottom
 * one, over at least `uniformRaterMinRatees` teammates.
 */
export function isUniformRater(raterId: string, given: readonly PeerRating[]): boolean {
  const others = given.filter((r) => r.rateeId !== raterId);
  if (others.length < PEER_FLAG_THRESHOLDS.uniformRaterMinRatees) return false;
  const values = others.flatMap((r) => PEER_DIMENSIONS.map((d) => r.scores[d]));
  return values.every((v) => v === PEER_RATING_MAX) || values.every((v) => v === PEER_RATING_MIN);
}

/** A score with a factor applied, within 0..maximum (a factor above 1 never passes the maximum). */
export function applyPeerFactor(score: number, factor: number | null, maximum: number): number {
  if (factor === null) return score;
  return Math.max(0, Math.min(maximum, roundPeer(score * factor)));
}
