// Input and output of team balancing (README.md in the shuffle folder, "Balancing").
import type { FormTeamsInput, FormTeamsResult, ShuffleMember } from '../types.ts';

/** How an attribute is compared: numbers by their mean, categories by their counts. */
export type AttributeKind = 'numeric' | 'categorical';

/** A column of an imported roster that the teams can be balanced by. */
export type AttributeDefinition = { key: string; kind: AttributeKind };

/** One member's value of an attribute: a number for numeric attributes, text for categories. */
export type AttributeValue = string | number;

/** A member with their attribute values (absent key: no value). */
export type BalanceMember = ShuffleMember & {
  email?: string;
  attributes?: Readonly<Record<string, AttributeValue>>;
};

/** Values of a categorical attribute that no team should hold exactly one member of. */
export type IsolationRule = { key: string; values: readonly string[] };

/** One earlier round: its teams, as member ids of this input (unknown ids are ignored). */
export type EarlierRound = readonly (readonly string[])[];

/** What to balance; everything optional, nothing on means the plain draw is kept. */
export type BalanceOptions = {
  /** Numeric attributes whose team means should be as close as possible. */
  numeric?: readonly string[];
  /** Categorical attributes whose values should be spread by fair share. */
  spread?: readonly string[];
  /** Marked values: no team with exactly one member of such a value, when avoidable. */
  noIsolation?: readonly IsolationRule[];
  /** Earlier rounds whose teammates should not meet again. */
  earlierRounds?: readonly EarlierRound[];
};

/** What balancing needs besides a starting split: members with attributes, constraints, options. */
export type BalanceProblemInput = Pick<
  FormTeamsInput,
  'fixedPairs' | 'lockedTeams' | 'keepApart'
> & {
  members: readonly BalanceMember[];
  attributes?: readonly AttributeDefinition[];
  balance?: BalanceOptions;
};

/** `formTeams`' input plus attributes and options; `maxSteps` caps (and replays) the search. */
export type BalanceTeamsInput = FormTeamsInput &
  BalanceProblemInput & {
    /** Run at most this many search steps (a saved result's `steps` replays it exactly). */
    maxSteps?: number;
  };

/** Team means of one numeric attribute: the spread is max - min over teams that have values. */
export type NumericFigure = {
  key: string;
  achieved: number;
  plain: number;
  /** No cheap bound for means: null. */
  lowerBound: null;
};

/** Spread of a categorical attribute: the largest max - min count of one value over the teams. */
export type SpreadFigure = {
  key: string;
  achieved: number;
  plain: number;
  /** 1 when some value's total does not divide by the team count, else 0 (exact: fair share). */
  lowerBound: number;
};

/** Teams holding exactly one member of a marked value (one per team and value). */
export type IsolationFigure = {
  key: string;
  values: string[];
  achieved: number;
  plain: number;
  /** Marked values held by exactly one member in all: isolated wherever they go. */
  lowerBound: number;
};

/** Pairs of members together again who were together in an earlier round (each pair once). */
export type RepeatsFigure = {
  achieved: number;
  plain: number;
  /** The earlier round whose teams, dealt as evenly as possible, force the most pairs together. */
  lowerBound: number;
};

// 'off': nothing to balance; 'optimal': every discrete objective reached its bound and nothing
// numeric is on; 'converged': no better split found for a long stretch; 'steps': the step cap.
/** Why the search stopped. */
export type BalanceStop = 'off' | 'optimal' | 'converged' | 'steps';

/** Each objective's figure next to the plain draw's, and a bound where one is cheap. */
export type BalanceReport = {
  numeric: NumericFigure[];
  spread: SpreadFigure[];
  isolation: IsolationFigure[];
  repeats: RepeatsFigure | null;
  /** Search steps taken: with the seed, what replays the teams. */
  steps: number;
  stoppedBy: BalanceStop;
};

/** `formTeams`' result with balanced teams and the balance report. */
export type BalanceTeamsResult = FormTeamsResult & {
  balance: BalanceReport;
  /** The plain draw the search started from (the same input and seed, no balancing). */
  plainTeams: FormTeamsResult['teams'];
};

/** What one team holds: means of numeric attributes, counts of categories, repeats. */
export type TeamFigures = {
  /** Mean per numeric attribute, null when nobody in the team has a value. */
  means: Record<string, number | null>;
  /** Count per value of each categorical attribute (values with no member left out). */
  counts: Record<string, Record<string, number>>;
  /** Pairs in this team who were together in an earlier round. */
  repeats: number;
};
