// Input and output of the team-formation engine (see README.md in this folder).

/** A member to place: identified by `id` (names may repeat). */
export type ShuffleMember = { id: string; name: string };

/** A constraint naming members by id: a fixed pair, a locked team or a keep-apart pair. */
export type MemberConstraint = { id: string; memberIds: readonly string[] };

/** What `formTeams` needs; constraint lists default to empty, the seed is required. */
export type FormTeamsInput = {
  members: readonly ShuffleMember[];
  teamCount: number;
  fixedPairs?: readonly MemberConstraint[];
  lockedTeams?: readonly MemberConstraint[];
  keepApart?: readonly MemberConstraint[];
  seed: string | number;
};

/** The three kinds of constraint. */
export type ConstraintKind = 'fixedPair' | 'lockedTeam' | 'keepApart';

/** A reference to one constraint of the input. */
export type ConstraintRef = { kind: ConstraintKind; constraintId: string };

/** One formed team: numbered from 1, members by id. */
export type FormedTeam = { number: number; memberIds: string[] };

/** Members kept together by fixed pairs and locked teams that share members, and where they went. */
export type TeamBlock = {
  teamNumber: number;
  /** In input order. */
  memberIds: string[];
  /** The fixed pairs and locked teams merged into this block, fixed pairs first, in input order. */
  constraints: ConstraintRef[];
  isLocked: boolean;
};

/** Where a member named by at least one constraint went, and which constraints name them. */
export type MemberPlacement = {
  memberId: string;
  teamNumber: number;
  constraints: ConstraintRef[];
};

// 'even': sizes differ by at most one; 'most-even': uneven, and no split the constraints allow is
// more even; 'best-found': uneven, and the search budget ran out before a more even split was
// found or ruled out (only pathological input gets here).
/** How even the sizes are. */
export type ShuffleBalance = 'even' | 'most-even' | 'best-found';

/** What the UI shows next to the teams. */
export type ShuffleReport = {
  /** Size of each team, index 0 is team 1. */
  sizes: number[];
  isEven: boolean;
  balance: ShuffleBalance;
  /** Why the sizes differ by more than one, in words for the user; null when they are even. */
  unevenReason: string | null;
  /** Every block of two or more members, and every locked team, in input order of first member. */
  blocks: TeamBlock[];
  /** Every member named by a constraint, in input order. */
  placements: MemberPlacement[];
};

/** The teams, the seed that replays them, and the report. */
export type FormTeamsResult = { teams: FormedTeam[]; seed: string; report: ShuffleReport };
