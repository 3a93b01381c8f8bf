// The figures of any split, computed directly from the teams (not from the search's running
// counts), so the report, the result cards and the benchmark all measure a split the same way.
import { formTeams } from '../engine.ts';
import {
  categoryText,
  compileProblem,
  hasObjectives,
  numericValue,
  type Problem,
  repeatsLowerBound,
} from './problem.ts';
import type {
  BalanceMember,
  BalanceReport,
  BalanceStop,
  BalanceTeamsInput,
  TeamFigures,
} from './types.ts';

/** Every objective's figure for one split (team index per member). */
export type SplitFigures = {
  numeric: { key: string; spread: number; means: (number | null)[] }[];
  spread: { key: string; spread: number; lowerBound: number }[];
  isolation: { key: string; values: string[]; isolated: number; lowerBound: number }[];
  repeats: { total: number; perTeam: number[]; lowerBound: number } | null;
};

/** The figures of a split of the compiled problem; `teamOf[i]` is member i's team (0-based). */
export function splitFigures(problem: Problem, teamOf: Int32Array): SplitFigures {
  const { m, n } = problem;
  const numeric = problem.numeric.map((term) => {
    const sums = new Float64Array(n);
    const counts = new Int32Array(n);
    for (let i = 0; i < m; i++) {
      const v = term.value[i]!;
      if (Number.isNaN(v)) continue;
      sums[teamOf[i]!] = sums[teamOf[i]!]! + v;
      counts[teamOf[i]!] = counts[teamOf[i]!]! + 1;
    }
    const means = Array.from(counts, (c, t) => (c > 0 ? sums[t]! / c : null));
    const present = means.filter((mean): mean is number => mean !== null);
    const spread = present.length > 0 ? Math.max(...present) - Math.min(...present) : 0;
    return { key: term.key, spread, means };
  });
  const countsOf = (code: Int32Array, values: number) => {
    const counts = new Int32Array(values * n);
    for (let i = 0; i < m; i++) {
      if (code[i]! >= 0) counts[code[i]! * n + teamOf[i]!] = counts[code[i]! * n + teamOf[i]!]! + 1;
    }
    return counts;
  };
  const spread = problem.spread.map((term) => {
    const counts = countsOf(term.code, term.values.length);
    let worst = 0;
    let lowerBound = 0;
    term.totals.forEach((total, c) => {
      const row = counts.subarray(c * n, (c + 1) * n);
      worst = Math.max(worst, Math.max(...row) - Math.min(...row));
      if (total % n !== 0) lowerBound = 1;
    });
    return { key: term.key, spread: worst, lowerBound };
  });
  const isolation = problem.isolation.map((term) => {
    const counts = countsOf(term.code, term.values.length);
    let isolated = 0;
    for (const c of counts) if (c === 1) isolated++;
    let lowerBound = 0;
    for (const total of term.totals) if (total === 1) lowerBound++;
    return { key: term.key, values: [...term.values], isolated, lowerBound };
  });
  let repeats: SplitFigures['repeats'] = null;
  if (problem.rounds > 0) {
    const counts = new Int32Array(problem.groupCount * n);
    for (let i = 0; i < m; i++) {
      for (let r = 0; r < problem.rounds; r++) {
        const g = problem.groupOf[i * problem.rounds + r]!;
        if (g >= 0) counts[g * n + teamOf[i]!] = counts[g * n + teamOf[i]!]! + 1;
      }
    }
    const perTeam = new Array<number>(n).fill(0);
    let total = 0;
    counts.forEach((c, cell) => {
      const pairs = (c * (c - 1)) / 2;
      perTeam[cell % n] = perTeam[cell % n]! + pairs;
      total += pairs;
    });
    repeats = { total, perTeam, lowerBound: repeatsLowerBound(problem.roundSizes, n) };
  }
  return { numeric, spread, isolation, repeats };
}

/** The report: each objective of the best split next to the plain draw's. */
export function reportOf(
  best: SplitFigures,
  plain: SplitFigures,
  steps: number,
  stoppedBy: BalanceReport['stoppedBy'],
): BalanceReport {
  return {
    numeric: best.numeric.map((figure, k) => ({
      key: figure.key,
      achieved: figure.spread,
      plain: plain.numeric[k]!.spread,
      lowerBound: null,
    })),
    spread: best.spread.map((figure, k) => ({
      key: figure.key,
      achieved: figure.spread,
      plain: plain.spread[k]!.spread,
      lowerBound: figure.lowerBound,
    })),
    isolation: best.isolation.map((figure, k) => ({
      key: figure.key,
      values: figure.values,
      achieved: figure.isolated,
      plain: plain.isolation[k]!.isolated,
      lowerBound: figure.lowerBound,
    })),
    repeats:
      best.repeats && plain.repeats
        ? {
            achieved: best.repeats.total,
            plain: plain.repeats.total,
            lowerBound: best.repeats.lowerBound,
          }
        : null,
    steps,
    stoppedBy,
  };
}

/**
 * The report of balanced `teams` (member ids of team 1, 2, ...) of an input, against the plain
 * draw of the same input and seed: what a saved or reloaded result shows without searching again.
 */
export function balanceReportOf(
  input: BalanceTeamsInput,
  teams: readonly (readonly string[])[],
  steps: number,
  stoppedBy: BalanceStop,
): BalanceReport {
  const plain = formTeams(input);
  const problem = compileProblem(input, teams.length);
  const teamOfIds = (list: readonly (readonly string[])[]) => {
    const teamOf = new Int32Array(problem.m);
    list.forEach((team, j) => {
      for (const id of team) teamOf[problem.indexOf.get(id) ?? 0] = j;
    });
    return teamOf;
  };
  const plainFigures = splitFigures(problem, teamOfIds(plain.teams.map((team) => team.memberIds)));
  const figures = splitFigures(problem, teamOfIds(teams));
  return reportOf(figures, plainFigures, steps, hasObjectives(problem) ? stoppedBy : 'off');
}

/** Which attributes a team summary shows. */
export type TeamFigureKeys = {
  numeric: readonly string[];
  categorical: readonly string[];
};

/**
 * Per team: the mean of each numeric attribute, the count of each value of each categorical
 * attribute, and the pairs together again from the earlier rounds (once per round). What a team
 * card shows; no individual's value is part of it.
 */
export function teamFigures(
  members: readonly BalanceMember[],
  teams: readonly (readonly string[])[],
  keys: TeamFigureKeys,
  earlierRounds: readonly (readonly (readonly string[])[])[] = [],
): TeamFigures[] {
  const byId = new Map(members.map((member) => [member.id, member]));
  return teams.map((team) => {
    const means: TeamFigures['means'] = {};
    for (const key of keys.numeric) {
      let sum = 0;
      let count = 0;
      for (const id of team) {
        const v = numericValue(byId.get(id)?.attributes?.[key]);
        if (Number.isNaN(v)) continue;
        sum += v;
        count++;
      }
      means[key] = count > 0 ? sum / count : null;
    }
    const counts: TeamFigures['counts'] = {};
    for (const key of keys.categorical) {
      const row: Record<string, number> = {};
      for (const id of team) {
        const text = categoryText(byId.get(id)?.attributes?.[key]);
        if (text !== '') row[text] = (row[text] ?? 0) + 1;
      }
      counts[key] = row;
    }
    const inTeam = new Set(team);
    let repeats = 0;
    for (const round of earlierRounds) {
      for (const earlier of round) {
        const together = new Set(earlier.filter((id) => inTeam.has(id))).size;
        repeats += (together * (together - 1)) / 2;
      }
    }
    return { means, counts, repeats };
  });
}
