// Balancing: the plain seeded draw of formTeams, then the seeded local search of search.ts, and
// the report of each objective against the plain draw (README.md in the shuffle folder).
import { formTeams } from '../engine.ts';
import type { FormedTeam } from '../types.ts';
import { reportOf, splitFigures } from './figures.ts';
import { compileProblem, hasObjectives, type Problem } from './problem.ts';
import { BalanceSearch, defaultMaxSteps } from './search.ts';
import type {
  BalanceProblemInput,
  BalanceReport,
  BalanceTeamsInput,
  BalanceTeamsResult,
} from './types.ts';

/** A search in progress: more steps, progress, and the best split so far. */
export type BalanceRun<Result> = {
  /** Takes up to `steps` more steps; true once the search has stopped by itself. */
  run: (steps: number) => boolean;
  /** 0..1. */
  progress: () => number;
  /** Steps taken so far. */
  steps: () => number;
  maxSteps: number;
  /** The best split so far, with its report (callable at any time; the search can go on). */
  result: () => Result;
};

/** Teams and report of a split balanced from a given start. */
export type BalancedSplit = { teams: string[][]; report: BalanceReport };

// Member indices per team of a start given by ids; refuses a start that does not place every
// member exactly once (a programming error, not user input).
function startIndices(problem: Problem, start: readonly (readonly string[])[]): number[][] {
  const seen = new Uint8Array(problem.m);
  let placed = 0;
  const teams = start.map((team) =>
    team.map((id) => {
      const i = problem.indexOf.get(id);
      if (i === undefined || seen[i]) throw new Error(`balance: the start places ${id} wrongly`);
      seen[i] = 1;
      placed++;
      return i;
    }),
  );
  if (placed !== problem.m) throw new Error('balance: the start leaves members out');
  return teams;
}

/**
 * A balancing search from a valid start split (`start[j]`: member ids of team j, at least two
 * teams, constraints kept). For any team count; `balanceTeams` is the app's entry point.
 */
export function balanceSplit(
  input: BalanceProblemInput,
  start: readonly (readonly string[])[],
  seed: string,
  maxSteps?: number,
): BalanceRun<BalancedSplit> {
  const n = start.length;
  const problem = compileProblem(input, n);
  const startTeams = startIndices(problem, start);
  const cap = Math.min(maxSteps ?? defaultMaxSteps(problem.m), defaultMaxSteps(problem.m));
  const isOn = hasObjectives(problem);
  const search = isOn ? new BalanceSearch(problem, startTeams, seed, cap) : null;
  // Inside a team: the locked block first (never moves), then members in their plain-draw order.
  const position = new Int32Array(problem.m);
  startTeams.flat().forEach((i, k) => (position[i] = k));
  const plainTeamOf = new Int32Array(problem.m);
  startTeams.forEach((team, j) => team.forEach((i) => (plainTeamOf[i] = j)));
  const plainFigures = splitFigures(problem, plainTeamOf);

  const result = (): BalancedSplit => {
    const teamOf = search ? search.bestTeams() : plainTeamOf;
    const lists: number[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < problem.m; i++) lists[teamOf[i]!]!.push(i);
    const locked = (i: number) => problem.unitLocked[problem.unitOfMember[i]!]!;
    const teams = lists.map((list) =>
      list
        .sort((a, b) => locked(b) - locked(a) || position[a]! - position[b]!)
        .map((i) => problem.ids[i]!),
    );
    const figures = search ? splitFigures(problem, teamOf) : plainFigures;
    const steps = search?.steps ?? 0;
    return { teams, report: reportOf(figures, plainFigures, steps, search?.stoppedBy ?? 'off') };
  };
  return {
    run: (steps) => (search ? search.run(steps) : true),
    progress: () => (search ? search.progress() : 1),
    steps: () => search?.steps ?? 0,
    maxSteps: search?.maxSteps ?? 0,
    result,
  };
}

/**
 * The app's balancing: `formTeams`' plain seeded draw (all its checks and refusals), then the
 * search. The same input, seed and `maxSteps` give the same teams; run it in steps (a worker,
 * with a time budget) and save `report.steps` to replay it.
 */
export function startBalance(input: BalanceTeamsInput): BalanceRun<BalanceTeamsResult> {
  const plain = formTeams(input);
  const split = balanceSplit(
    input,
    plain.teams.map((team) => team.memberIds),
    plain.seed,
    input.maxSteps,
  );
  return {
    ...split,
    result: () => {
      const balanced = split.result();
      const teams: FormedTeam[] = balanced.teams.map((memberIds, j) => ({
        number: plain.teams[j]!.number,
        memberIds,
      }));
      const teamOf = new Map<string, number>();
      for (const team of teams) for (const id of team.memberIds) teamOf.set(id, team.number);
      const sizes = teams.map((team) => team.memberIds.length);
      // Moves keep sizes within the plain draw's range, so they can only get more even.
      const isEven = Math.max(...sizes) - Math.min(...sizes) <= 1;
      return {
        teams,
        seed: plain.seed,
        report: {
          ...plain.report,
          sizes,
          ...(isEven ? { isEven, balance: 'even' as const, unevenReason: null } : {}),
          blocks: plain.report.blocks.map((block) => ({
            ...block,
            teamNumber: teamOf.get(block.memberIds[0]!)!,
          })),
          placements: plain.report.placements.map((placement) => ({
            ...placement,
            teamNumber: teamOf.get(placement.memberId)!,
          })),
        },
        balance: balanced.report,
        plainTeams: plain.teams,
      };
    },
  };
}

/** Balanced teams in one call: `startBalance` run to the end (or to `maxSteps`). */
export function balanceTeams(input: BalanceTeamsInput): BalanceTeamsResult {
  const run = startBalance(input);
  while (!run.run(100_000));
  return run.result();
}
