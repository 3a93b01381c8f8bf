import type { AttributeDefinition, AttributeValue, BalanceSettings } from '@teamshuffle/domain';

// What the user asked to balance on /app (issue 15): attributes turned on and earlier rounds
// chosen. Kept with the draft (local storage), apart from any outcome: each outcome carries the
// settings it was balanced with, so a saved result replays exactly what was on at the time.

export type { AttributeDefinition, AttributeValue };

/**
 * Where an earlier round comes from: one of the user's saved results or workspaces, or a saved
 * result loaded into /app that was balanced against it ('loaded', numbered instead of titled).
 */
export type EarlierRoundSource = {
  kind: 'result' | 'workspace' | 'loaded';
  id: string;
  title: string;
};

/** An earlier round as chosen: its teams in this list's member ids, and how many were found. */
export type EarlierRoundChoice = EarlierRoundSource & {
  teams: string[][];
  /** Members of this list found in that round. */
  matched: number;
  /** Members of that round. */
  total: number;
};

/** A categorical value no team should hold exactly one member of. */
export type IsolationChoice = { key: string; values: string[] };

/** The balancing the user turned on. */
export type BalanceChoice = {
  /** Numeric attributes whose team means are evened out. */
  numeric: string[];
  /** Categorical attributes spread evenly. */
  spread: string[];
  /** Marked values per categorical attribute. */
  noIsolation: IsolationChoice[];
  rounds: EarlierRoundChoice[];
};

/** What an outcome was balanced with (the snapshot's `balance`), and whether it was cut short. */
export type OutcomeBalance = {
  settings: BalanceSettings;
  /** Stopped by the time budget or the user before the search was done. */
  isCut: boolean;
};

export const EMPTY_BALANCE: BalanceChoice = {
  numeric: [],
  spread: [],
  noIsolation: [],
  rounds: [],
};

/** Most earlier rounds one shuffle can avoid repeats from (the snapshot's limit). */
export const EARLIER_ROUNDS_LIMIT = 10;

/** The engine's options for a choice (the snapshot's settings without steps). */
export type ChoiceOptions = Omit<BalanceSettings, 'steps'>;

/** The engine's options for a choice: marked values only where some are marked. */
export function balanceOptionsOf(choice: BalanceChoice): ChoiceOptions {
  return {
    numeric: [...choice.numeric],
    spread: [...choice.spread],
    noIsolation: choice.noIsolation
      .filter((rule) => rule.values.length > 0)
      .map((rule) => ({ key: rule.key, values: [...rule.values] })),
    earlierRounds: choice.rounds.map((round) => round.teams.map((team) => [...team])),
  };
}

/** Whether anything is turned on (then a shuffle runs the balancing search). */
export function isBalancing(choice: BalanceChoice): boolean {
  const options = balanceOptionsOf(choice);
  return (
    options.numeric.length > 0 ||
    options.spread.length > 0 ||
    options.noIsolation.length > 0 ||
    options.earlierRounds.length > 0
  );
}

/**
 * A choice cleaned against the draft: attributes that exist with the right kind, each once;
 * marked values as text; earlier rounds naming only members of the list (empty teams dropped).
 */
export function cleanChoice(
  choice: BalanceChoice,
  attributes: readonly AttributeDefinition[],
  memberIds: ReadonlySet<string>,
): BalanceChoice {
  const kinds = new Map(attributes.map((attribute) => [attribute.key, attribute.kind]));
  const ofKind = (keys: readonly string[], kind: AttributeDefinition['kind']) =>
    [...new Set(keys)].filter((key) => kinds.get(key) === kind);
  const marked = new Map<string, Set<string>>();
  for (const rule of choice.noIsolation) {
    if (kinds.get(rule.key) !== 'categorical') continue;
    const set = marked.get(rule.key) ?? new Set<string>();
    for (const value of rule.values) if (value.trim() !== '') set.add(value.trim());
    marked.set(rule.key, set);
  }
  const seen = new Set<string>();
  const rounds = choice.rounds.flatMap((round) => {
    const key = `${round.kind}:${round.id}`;
    if (seen.has(key) || seen.size >= EARLIER_ROUNDS_LIMIT) return [];
    seen.add(key);
    const teams = round.teams
      .map((team) => [...new Set(team.filter((id) => memberIds.has(id)))])
      .filter((team) => team.length > 0);
    return [{ ...round, teams, matched: teams.reduce((sum, team) => sum + team.length, 0) }];
  });
  return {
    numeric: ofKind(choice.numeric, 'numeric'),
    spread: ofKind(choice.spread, 'categorical'),
    noIsolation: [...marked]
      .filter(([, values]) => values.size > 0)
      .map(([key, values]) => ({ key, values: [...values] })),
    rounds,
  };
}

/** Whether an outcome's settings fit the draft: attributes of the right kind, known members. */
export function settingsFit(
  settings: BalanceSettings,
  attributes: readonly AttributeDefinition[],
  memberIds: ReadonlySet<string>,
): boolean {
  const kinds = new Map(attributes.map((attribute) => [attribute.key, attribute.kind]));
  return (
    settings.numeric.every((key) => kinds.get(key) === 'numeric') &&
    settings.spread.every((key) => kinds.get(key) === 'categorical') &&
    settings.noIsolation.every((rule) => kinds.get(rule.key) === 'categorical') &&
    settings.earlierRounds.every((round) =>
      round.every((team) => team.every((id) => memberIds.has(id))),
    )
  );
}

/** The choice that matches an outcome's settings (a loaded result's rounds are numbered). */
export function choiceOf(settings: BalanceSettings): BalanceChoice {
  return {
    numeric: [...settings.numeric],
    spread: [...settings.spread],
    noIsolation: settings.noIsolation.map((rule) => ({ key: rule.key, values: [...rule.values] })),
    rounds: settings.earlierRounds.map((teams, index) => {
      const matched = teams.reduce((sum, team) => sum + team.length, 0);
      return {
        kind: 'loaded' as const,
        id: String(index + 1),
        title: '',
        teams: teams.map((team) => [...team]),
        matched,
        total: matched,
      };
    }),
  };
}

/** The attributes that a team card and the report show: those turned on. */
export function shownAttributes(settings: BalanceSettings): {
  numeric: string[];
  categorical: string[];
} {
  return {
    numeric: [...settings.numeric],
    categorical: [
      ...new Set([...settings.spread, ...settings.noIsolation.map((rule) => rule.key)]),
    ],
  };
}
