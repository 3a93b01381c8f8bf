// Property tests of balancing (issue 15, "Correctness and speed"). The oracles are written apart
// from the engine: constraints re-checked member by member, and exhaustive search over every
// split of small inputs that keeps the hard constraints and the plain draw's size range (the
// splits the search may reach), so a weak search shows up as a missed optimum.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors.ts';
import { formTeams } from '../engine.ts';
import { balanceTeams } from './balance.ts';
import type { BalanceOptions, BalanceTeamsInput, EarlierRound } from './types.ts';

// Each property runs a fixed number of cases, so its time is bounded by numRuns times the
// slowest case. Measured on the 2-core dev machine: at a load average of 10-18 (other sessions
// building and testing) the slowest property took 17.5 s (with twice today's numRuns); at a load
// average of 4 the slowest takes 3.2 s and the file 10 s. The timeout is about 5x the loaded
// figure scaled to today's runs.
const PROPERTY_TIMEOUT_MS = 90_000;

type Case = {
  input: BalanceTeamsInput;
  /** Category of each member (values 'A', 'B', 'C'). */
  cats: string[];
  skills: number[];
};

const VALUES = ['A', 'B', 'C'];

/**
 * Inputs of `minM..maxM` members in 2..4 teams with a category (two or three values), a skill
 * (whole numbers 1..5 or decimals), and, when asked, up to two fixed pairs, two keep-apart pairs
 * and one locked team, plus two earlier rounds of random teams.
 */
function cases(minM: number, maxM: number, withConstraints: boolean, maxTeams = 4) {
  return fc
    .record({
      m: fc.integer({ min: minM, max: maxM }),
      n: fc.integer({ min: 2, max: maxTeams }),
      valueCount: fc.integer({ min: 2, max: 3 }),
      picks: fc.array(fc.nat(), { minLength: maxM * 4, maxLength: maxM * 4 }),
      isWhole: fc.boolean(),
      pairs: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: withConstraints ? 2 : 0 }),
      apart: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: withConstraints ? 2 : 0 }),
      locked: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), {
        maxLength: withConstraints ? 1 : 0,
      }),
      roundTeams: fc.tuple(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 2, max: 5 })),
      seed: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''),
    })
    .map(({ m, n, valueCount, picks, isWhole, pairs, apart, locked, roundTeams, seed }): Case => {
      const ids = Array.from({ length: m }, (_, i) => `m${i}`);
      const cats = ids.map((_, i) => VALUES[picks[i]! % valueCount]!);
      const skills = ids.map((_, i) =>
        isWhole ? 1 + (picks[m + i]! % 5) : (picks[m + i]! % 1000) / 10,
      );
      const members = ids.map((id, i) => ({
        id,
        name: `Member ${i}`,
        attributes: { cat: cats[i]!, skill: skills[i]! },
      }));
      const pick = (k: number) => ids[k % m]!;
      const twoOf = ([a, b]: [number, number]) => [pick(a), pick(b)] as [string, string];
      const distinct = ([a, b]: [string, string]) => a !== b;
      // Earlier rounds: the members in an order drawn from `picks`, dealt into k teams.
      const earlierRounds = roundTeams.map((k, r) => {
        const order = [...ids].sort(
          (a, b) =>
            (picks[2 * m + r * m + ids.indexOf(a)] ?? 0) -
              (picks[2 * m + r * m + ids.indexOf(b)] ?? 0) || a.localeCompare(b),
        );
        return Array.from({ length: k }, (_, j) => order.filter((_, p) => p % k === j));
      });
      return {
        cats,
        skills,
        input: {
          members,
          teamCount: Math.min(n, m),
          seed,
          fixedPairs: pairs
            .map(twoOf)
            .filter(distinct)
            .map((memberIds, k) => ({ id: `f${k}`, memberIds })),
          keepApart: apart
            .map(twoOf)
            .filter(distinct)
            .map((memberIds, k) => ({ id: `k${k}`, memberIds })),
          lockedTeams: locked.map((list, k) => ({
            id: `l${k}`,
            memberIds: [...new Set(list.map(pick))],
          })),
          attributes: [
            { key: 'cat', kind: 'categorical' },
            { key: 'skill', kind: 'numeric' },
          ],
          balance: { earlierRounds },
        },
      };
    });
}

/** The plain draw, or null when formTeams refuses the input (then the case is skipped). */
function plainOf(input: BalanceTeamsInput) {
  try {
    return formTeams(input);
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

function withOptions(input: BalanceTeamsInput, balance: BalanceOptions): BalanceTeamsInput {
  return { ...input, balance };
}

/** Team index (0-based, by team number) of each member id. */
function teamIndexOf(teams: readonly { number: number; memberIds: readonly string[] }[]) {
  const teamOf = new Map<string, number>();
  for (const team of teams) for (const id of team.memberIds) teamOf.set(id, team.number - 1);
  return teamOf;
}

/**
 * Every split of the members into n teams with sizes in [lo, hi] that keeps the hard
 * constraints (teams are interchangeable, so only one labelling of each split is visited), with
 * `score` of each; returns the smallest score.
 */
function exhaustiveMinimum(
  input: BalanceTeamsInput,
  lo: number,
  hi: number,
  score: (team: readonly number[]) => number,
): number {
  const ids = input.members.map((member) => member.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const m = ids.length;
  const n = input.teamCount;
  const team = Array<number>(m).fill(-1);
  const size = Array<number>(n).fill(0);
  // Blocks: fixed pairs and locked teams that share members are one (a naive union-find).
  const root = ids.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : find(root[i]!));
  for (const c of [...(input.fixedPairs ?? []), ...(input.lockedTeams ?? [])]) {
    for (const id of c.memberIds) root[find(index.get(id)!)] = find(index.get(c.memberIds[0]!)!);
  }
  const lockedBlocks = [
    ...new Set((input.lockedTeams ?? []).map((c) => find(index.get(c.memberIds[0]!)!))),
  ];
  const apart = (input.keepApart ?? []).map((c) => c.memberIds.map((id) => index.get(id)!));
  let best = Number.POSITIVE_INFINITY;
  const visit = (i: number, used: number) => {
    if (i === m) {
      if (size.some((s) => s < lo)) return;
      if (ids.some((_, x) => team[x] !== team[find(x)])) return;
      if (apart.some(([a, b]) => team[a!] === team[b!])) return;
      // Separate locked teams go to separate teams.
      if (new Set(lockedBlocks.map((x) => team[x])).size !== lockedBlocks.length) return;
      best = Math.min(best, score(team));
      return;
    }
    for (let t = 0; t < Math.min(n, used + 1); t++) {
      if (size[t]! >= hi) continue;
      team[i] = t;
      size[t]! += 1;
      visit(i + 1, Math.max(used, t + 1));
      size[t]! -= 1;
    }
  };
  visit(0, 0);
  return best;
}

function sizeRange(teams: readonly { memberIds: readonly string[] }[]) {
  const sizes = teams.map((team) => team.memberIds.length);
  return { lo: Math.min(...sizes), hi: Math.max(...sizes) };
}

function countsBy(team: readonly number[], n: number, keep: (i: number) => boolean) {
  const counts = Array<number>(n).fill(0);
  team.forEach((t, i) => {
    if (keep(i)) counts[t]! += 1;
  });
  return counts;
}

/** max - min count of the worst value (the spread figure). */
function spreadOf(team: readonly number[], n: number, cats: readonly string[]): number {
  let worst = 0;
  for (const value of new Set(cats)) {
    const counts = countsBy(team, n, (i) => cats[i] === value);
    worst = Math.max(worst, Math.max(...counts) - Math.min(...counts));
  }
  return worst;
}

function isolatedOf(team: readonly number[], n: number, cats: readonly string[], value: string) {
  return countsBy(team, n, (i) => cats[i] === value).filter((c) => c === 1).length;
}

function repeatsOf(
  team: readonly number[],
  ids: readonly string[],
  rounds: readonly EarlierRound[],
) {
  const index = new Map(ids.map((id, i) => [id, i]));
  let repeats = 0;
  for (const round of rounds) {
    for (const earlier of round) {
      for (let a = 0; a < earlier.length; a++) {
        for (let b = a + 1; b < earlier.length; b++) {
          if (team[index.get(earlier[a]!)!] === team[index.get(earlier[b]!)!]) repeats++;
        }
      }
    }
  }
  return repeats;
}

function meanSpread(team: readonly number[], n: number, skills: readonly number[]): number {
  const sums = Array<number>(n).fill(0);
  const counts = Array<number>(n).fill(0);
  team.forEach((t, i) => {
    sums[t]! += skills[i]!;
    counts[t]! += 1;
  });
  const means = sums.map((sum, t) => sum / counts[t]!);
  return Math.max(...means) - Math.min(...means);
}

describe('balancing: properties', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('always keeps the hard constraints and the even sizes, whatever is turned on', () => {
    const options = fc.record({
      numeric: fc.boolean(),
      spread: fc.boolean(),
      isolation: fc.boolean(),
      repeats: fc.boolean(),
    });
    fc.assert(
      fc.property(cases(2, 30, true, 10), options, ({ input, cats }, on) => {
        const plain = plainOf(input);
        fc.pre(plain !== null);
        const balanced = balanceTeams(
          withOptions(input, {
            numeric: on.numeric ? ['skill'] : [],
            spread: on.spread ? ['cat'] : [],
            noIsolation: on.isolation ? [{ key: 'cat', values: [cats[0]!] }] : [],
            earlierRounds: on.repeats ? input.balance!.earlierRounds : [],
          }),
        );
        const teamOf = teamIndexOf(balanced.teams);
        expect(balanced.teams.map((team) => team.number)).toEqual(
          plain.teams.map((team) => team.number),
        );
        expect(teamOf.size).toBe(input.members.length);
        expect(balanced.teams.flatMap((team) => team.memberIds)).toHaveLength(input.members.length);
        for (const c of [...(input.fixedPairs ?? []), ...(input.lockedTeams ?? [])]) {
          expect(new Set(c.memberIds.map((id) => teamOf.get(id))).size).toBe(1);
        }
        for (const c of input.keepApart ?? []) {
          expect(teamOf.get(c.memberIds[0]!)).not.toBe(teamOf.get(c.memberIds[1]!));
        }
        // Locked teams stay where the plain draw put them (so separate ones stay apart).
        const plainTeamOf = teamIndexOf(plain.teams);
        for (const c of input.lockedTeams ?? []) {
          expect(teamOf.get(c.memberIds[0]!)).toBe(plainTeamOf.get(c.memberIds[0]!));
        }
        const plainRange = sizeRange(plain.teams);
        const range = sizeRange(balanced.teams);
        expect(range.lo).toBeGreaterThanOrEqual(plainRange.lo);
        expect(range.hi).toBeLessThanOrEqual(plainRange.hi);
        expect(balanced.report.isEven).toBe(range.hi - range.lo <= 1);
      }),
      { numRuns: 150 },
    );
  });

  it('meets the fair-share bound of a spread whenever no hard constraint prevents it', () => {
    fc.assert(
      fc.property(cases(3, 10, true), ({ input, cats }) => {
        const plain = plainOf(input);
        fc.pre(plain !== null);
        const { lo, hi } = sizeRange(plain.teams);
        const n = input.teamCount;
        const best = exhaustiveMinimum(input, lo, hi, (team) => spreadOf(team, n, cats));
        const balanced = balanceTeams(withOptions(input, { spread: ['cat'] }));
        const figure = balanced.balance.spread[0]!;
        const teamOf = teamIndexOf(balanced.teams);
        const ids = input.members.map((member) => member.id);
        expect(figure.achieved).toBe(
          spreadOf(
            ids.map((id) => teamOf.get(id)!),
            n,
            cats,
          ),
        );
        // Within one of the fair share everywhere exactly when the figure is the bound.
        expect(best).toBeGreaterThanOrEqual(figure.lowerBound);
        if (best === figure.lowerBound) expect(figure.achieved).toBe(figure.lowerBound);
      }),
      { numRuns: 200 },
    );
  });

  it('meets the fair-share bound of a spread without hard constraints, at any size', () => {
    fc.assert(
      fc.property(cases(2, 60, false, 10), ({ input }) => {
        fc.pre(plainOf(input) !== null);
        const figure = balanceTeams(withOptions(input, { spread: ['cat'] })).balance.spread[0]!;
        expect(figure.achieved).toBe(figure.lowerBound);
      }),
      { numRuns: 150 },
    );
  });

  it('isolates nobody whenever some split does not', () => {
    fc.assert(
      fc.property(cases(3, 10, true), ({ input, cats }) => {
        const plain = plainOf(input);
        fc.pre(plain !== null);
        const { lo, hi } = sizeRange(plain.teams);
        const n = input.teamCount;
        const best = exhaustiveMinimum(input, lo, hi, (team) => isolatedOf(team, n, cats, 'A'));
        const balanced = balanceTeams(
          withOptions(input, { noIsolation: [{ key: 'cat', values: ['A'] }] }),
        );
        const ids = input.members.map((member) => member.id);
        const teamOf = teamIndexOf(balanced.teams);
        const achieved = isolatedOf(
          ids.map((id) => teamOf.get(id)!),
          n,
          cats,
          'A',
        );
        expect(balanced.balance.isolation[0]!.achieved).toBe(achieved);
        if (best === 0) expect(achieved).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('repeats no earlier teammates whenever some split repeats none', () => {
    fc.assert(
      fc.property(cases(3, 10, true), ({ input }) => {
        const plain = plainOf(input);
        fc.pre(plain !== null);
        const { lo, hi } = sizeRange(plain.teams);
        const ids = input.members.map((member) => member.id);
        const rounds = input.balance!.earlierRounds!;
        const best = exhaustiveMinimum(input, lo, hi, (team) => repeatsOf(team, ids, rounds));
        const balanced = balanceTeams(withOptions(input, { earlierRounds: rounds }));
        const teamOf = teamIndexOf(balanced.teams);
        const achieved = repeatsOf(
          ids.map((id) => teamOf.get(id)!),
          ids,
          rounds,
        );
        expect(balanced.balance.repeats!.achieved).toBe(achieved);
        expect(achieved).toBeGreaterThanOrEqual(balanced.balance.repeats!.lowerBound);
        if (best === 0) expect(achieved).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('never spreads the team means wider than the plain draw it started from', () => {
    fc.assert(
      fc.property(cases(2, 40, true, 10), ({ input }) => {
        fc.pre(plainOf(input) !== null);
        const figure = balanceTeams(withOptions(input, { numeric: ['skill'] })).balance.numeric[0]!;
        expect(figure.achieved).toBeLessThanOrEqual(figure.plain + 1e-9);
      }),
      { numRuns: 150 },
    );
  });

  it('brings the spread of team means within 10% of the best split of up to 12 members', () => {
    fc.assert(
      fc.property(cases(4, 12, true), ({ input, skills }) => {
        const plain = plainOf(input);
        fc.pre(plain !== null);
        const { lo, hi } = sizeRange(plain.teams);
        const n = input.teamCount;
        const best = exhaustiveMinimum(input, lo, hi, (team) => meanSpread(team, n, skills));
        const figure = balanceTeams(withOptions(input, { numeric: ['skill'] })).balance.numeric[0]!;
        expect(figure.achieved).toBeLessThanOrEqual(best * 1.1 + 1e-9);
      }),
      { numRuns: 120 },
    );
  });
});
