import { describe, expect, it } from 'vitest';
import { shuffleSnapshot, snapshotProblems } from '../../results.ts';
import { formTeams } from '../engine.ts';
import { createPrng, shuffleInPlace } from '../prng.ts';
import { balanceSplit, balanceTeams, startBalance } from './balance.ts';
import { teamFigures } from './figures.ts';
import { repeatsLowerBound } from './problem.ts';
import type { BalanceMember, BalanceTeamsInput, EarlierRound } from './types.ts';

const GENDER = { key: 'gender', kind: 'categorical' } as const;
const SKILL = { key: 'skill', kind: 'numeric' } as const;

/** The class: 40 students, 16 women, skills 1..5, e-mails. */
function classOf40(): BalanceMember[] {
  const prng = createPrng('class-of-40');
  return Array.from({ length: 40 }, (_, i) => ({
    id: `s${i + 1}`,
    name: `Student ${i + 1}`,
    email: `s${i + 1}@school.example`,
    attributes: { gender: i % 5 < 2 ? 'F' : 'M', skill: 1 + prng.below(5) },
  }));
}

/** A plain round of the same members: the draw of another seed. */
function earlierRound(members: readonly BalanceMember[], n: number, seed: string): EarlierRound {
  return formTeams({ members, teamCount: n, seed }).teams.map((team) => team.memberIds);
}

function countsOf(members: readonly BalanceMember[], teams: readonly string[][], key: string) {
  return teamFigures(members, teams, { numeric: [], categorical: [key] }).map(
    (figures) => figures.counts[key] ?? {},
  );
}

describe('balanceTeams: the issue’s flow', () => {
  it('spreads gender with no one alone, evens skill and avoids last month’s teammates', () => {
    const members = classOf40();
    const lastMonth = earlierRound(members, 8, 'last-month');
    const input: BalanceTeamsInput = {
      members,
      teamCount: 8,
      seed: 'this-month',
      attributes: [GENDER, SKILL],
      balance: {
        spread: ['gender'],
        noIsolation: [{ key: 'gender', values: ['F'] }],
        numeric: ['skill'],
        earlierRounds: [lastMonth],
      },
    };
    const result = balanceTeams(input);
    const teams = result.teams.map((team) => team.memberIds);
    // 16 women over 8 teams: exactly two each; 24 men: three each.
    expect(countsOf(members, teams, 'gender')).toEqual(
      Array.from({ length: 8 }, () => ({ F: 2, M: 3 })),
    );
    expect(result.balance.spread).toEqual([
      { key: 'gender', achieved: 0, plain: expect.any(Number), lowerBound: 0 },
    ]);
    expect(result.balance.isolation[0]).toMatchObject({ key: 'gender', achieved: 0 });
    expect(result.balance.repeats).toMatchObject({ achieved: 0, lowerBound: 0 });
    expect(result.balance.repeats!.plain).toBeGreaterThan(0);
    const skill = result.balance.numeric[0]!;
    expect(skill.achieved).toBeLessThan(skill.plain);
    expect(teamFigures(members, teams, { numeric: [], categorical: [] }, [lastMonth])).toEqual(
      Array.from({ length: 8 }, () => ({ means: {}, counts: {}, repeats: 0 })),
    );
    // Even sizes, everyone once, and the same teams for the same input and seed.
    expect(result.report.sizes).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    expect(teams.flat().sort()).toEqual(members.map((member) => member.id).sort());
    expect(balanceTeams(input).teams).toEqual(result.teams);
  });
});

describe('balanceTeams: seeds, steps and replay', () => {
  const members = classOf40();
  const input: BalanceTeamsInput = {
    members,
    teamCount: 6,
    seed: 'replay',
    attributes: [GENDER, SKILL],
    balance: { numeric: ['skill'], spread: ['gender'] },
  };

  it('keeps the plain draw when nothing is turned on', () => {
    const plain = formTeams(input);
    const result = balanceTeams({ ...input, balance: {} });
    expect(result.teams).toEqual(plain.teams);
    expect(result.balance).toEqual({
      numeric: [],
      spread: [],
      isolation: [],
      repeats: null,
      steps: 0,
      stoppedBy: 'off',
    });
  });

  it('starts from the plain draw and reports it', () => {
    const result = balanceTeams(input);
    expect(result.plainTeams).toEqual(formTeams(input).teams);
    expect(result.balance.steps).toBeGreaterThan(0);
    expect(['converged', 'steps']).toContain(result.balance.stoppedBy);
  });

  it('gives the same teams whatever the chunks it runs in, and replays a stopped search by its steps', () => {
    const whole = startBalance(input);
    while (!whole.run(1000));
    const chunked = startBalance(input);
    while (!chunked.run(7));
    expect(chunked.result().teams).toEqual(whole.result().teams);

    // Stopped early (a time budget), then replayed from the saved step count.
    const stopped = startBalance(input);
    stopped.run(1234);
    const partial = stopped.result();
    expect(partial.balance.steps).toBe(1234);
    expect(balanceTeams({ ...input, maxSteps: 1234 }).teams).toEqual(partial.teams);
  });

  it('draws differently for another seed', () => {
    const a = balanceTeams(input).teams;
    const b = balanceTeams({ ...input, seed: 'another' }).teams;
    expect(b).not.toEqual(a);
  });

  it('refuses what formTeams refuses', () => {
    expect(() => balanceTeams({ ...input, teamCount: 11 })).toThrow(/team/i);
  });
});

describe('balanceTeams: hard constraints always win', () => {
  it('keeps fixed pairs, locked teams and keep-apart pairs, and the plain sizes', () => {
    const members = classOf40().slice(0, 13);
    const input: BalanceTeamsInput = {
      members,
      teamCount: 3,
      seed: 'constrained',
      fixedPairs: [{ id: 'p', memberIds: ['s1', 's2'] }],
      lockedTeams: [{ id: 'l', memberIds: ['s3', 's4', 's5'] }],
      keepApart: [{ id: 'k', memberIds: ['s6', 's7'] }],
      attributes: [GENDER, SKILL],
      balance: {
        numeric: ['skill'],
        spread: ['gender'],
        noIsolation: [{ key: 'gender', values: ['F'] }],
      },
    };
    const result = balanceTeams(input);
    const teamOf = new Map(
      result.teams.flatMap((team) => team.memberIds.map((id) => [id, team.number] as const)),
    );
    expect(teamOf.get('s1')).toBe(teamOf.get('s2'));
    expect(new Set(['s3', 's4', 's5'].map((id) => teamOf.get(id))).size).toBe(1);
    expect(teamOf.get('s6')).not.toBe(teamOf.get('s7'));
    // The locked team stays first in its team.
    const locked = result.teams.find((team) => team.memberIds.includes('s3'))!;
    expect(locked.memberIds.slice(0, 3)).toEqual(['s3', 's4', 's5']);
    expect([...result.report.sizes].sort()).toEqual([4, 4, 5]);
    expect(result.report.isEven).toBe(true);
    const placed = new Map(result.report.placements.map((p) => [p.memberId, p.teamNumber]));
    for (const [id, team] of placed) expect(teamOf.get(id)).toBe(team);
  });
});

describe('balancing: figures and bounds', () => {
  it('gives the fair-share bound of each spread and the single holders of marked values', () => {
    const members: BalanceMember[] = ['A', 'A', 'A', 'B', 'B', 'C'].map((value, i) => ({
      id: `m${i}`,
      name: `M${i}`,
      attributes: { cat: value, even: i < 4 ? 'x' : 'y' },
    }));
    const result = balanceTeams({
      members,
      teamCount: 2,
      seed: 1,
      attributes: [
        { key: 'cat', kind: 'categorical' },
        { key: 'even', kind: 'categorical' },
      ],
      balance: { spread: ['cat', 'even'], noIsolation: [{ key: 'cat', values: ['B', 'C'] }] },
    });
    // cat: A 3 and C 1 do not divide by 2 (bound 1); even: x 4, y 2 do (bound 0).
    expect(result.balance.spread.map((figure) => [figure.key, figure.lowerBound])).toEqual([
      ['cat', 1],
      ['even', 0],
    ]);
    // C has one member: isolated wherever it goes.
    expect(result.balance.isolation).toEqual([
      expect.objectContaining({ key: 'cat', values: ['B', 'C'], lowerBound: 1, achieved: 1 }),
    ]);
  });

  it('bounds repeats by dealing each earlier team as evenly as possible', () => {
    // A team of 5 over 2 teams keeps at least C(3,2) + C(2,2) = 4 pairs; of 4 over 4 teams, none.
    expect(repeatsLowerBound([[5]], 2)).toBe(4);
    expect(repeatsLowerBound([[4], [5, 1]], 4)).toBe(1);
  });

  it('counts a pair together in two chosen rounds twice, and ignores unknown ids', () => {
    const members: BalanceMember[] = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id }));
    const figures = teamFigures(
      members,
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      { numeric: [], categorical: [] },
      [[['a', 'b', 'x']], [['a', 'b'], ['c']]],
    );
    expect(figures.map((team) => team.repeats)).toEqual([2, 0]);
  });

  it('shows team means and counts, never an individual’s value', () => {
    const members: BalanceMember[] = [
      { id: 'a', name: 'A', attributes: { skill: 1, gender: 'F' } },
      { id: 'b', name: 'B', attributes: { skill: 4, gender: 'M' } },
      { id: 'c', name: 'C', attributes: { gender: 'F' } },
    ];
    expect(
      teamFigures(members, [['a', 'b'], ['c']], { numeric: ['skill'], categorical: ['gender'] }),
    ).toEqual([
      { means: { skill: 2.5 }, counts: { gender: { F: 1, M: 1 } }, repeats: 0 },
      { means: { skill: null }, counts: { gender: { F: 1 } }, repeats: 0 },
    ]);
  });

  it('ignores options of the wrong kind or for nobody, and values of the wrong type', () => {
    const members: BalanceMember[] = Array.from({ length: 6 }, (_, i) => ({
      id: `m${i}`,
      name: `M${i}`,
      attributes: { skill: i % 2 === 0 ? i : 'high' },
    }));
    const result = balanceTeams({
      members,
      teamCount: 2,
      seed: 's',
      attributes: [SKILL],
      balance: { spread: ['skill'], numeric: ['skill', 'missing'] },
    });
    expect(result.balance.spread).toEqual([]);
    expect(result.balance.numeric.map((figure) => figure.key)).toEqual(['skill']);
    // Members 0, 2, 4 have values 0, 2, 4: means 1 and 3 or 2 and 2 ... the best is 0 apart.
    expect(result.balance.numeric[0]!.achieved).toBeLessThanOrEqual(
      result.balance.numeric[0]!.plain,
    );
  });
});

describe('balanceSplit: any number of teams from a given start', () => {
  it('balances 200 members in 20 teams from a plain deal', () => {
    const prng = createPrng('twenty');
    const members: BalanceMember[] = Array.from({ length: 200 }, (_, i) => ({
      id: `m${i}`,
      name: `M${i}`,
      attributes: { skill: prng.below(100), major: ['CS', 'EE', 'ME'][prng.below(3)]! },
    }));
    const ids = shuffleInPlace(
      members.map((member) => member.id),
      createPrng('deal'),
    );
    const start = Array.from({ length: 20 }, (_, j) => ids.filter((_, k) => k % 20 === j));
    const run = balanceSplit(
      { members, balance: { numeric: ['skill'], spread: ['major'] } },
      start,
      'seed',
    );
    while (!run.run(50_000));
    const { teams, report } = run.result();
    expect(teams.map((team) => team.length)).toEqual(Array.from({ length: 20 }, () => 10));
    expect(report.spread[0]!.achieved).toBeLessThanOrEqual(1);
    expect(report.numeric[0]!.achieved).toBeLessThan(report.numeric[0]!.plain / 2);
  });
});

describe('shuffleSnapshot with attributes (issue 15)', () => {
  const base = {
    members: [
      { id: 'a', name: 'Ann', email: ' ann@example.com ', attributes: { skill: 3, gender: 'F' } },
      { id: 'b', name: 'Ben', attributes: { skill: 4, gender: 'M' } },
    ],
    groups: [
      { number: 1, memberIds: ['a'] },
      { number: 2, memberIds: ['b'] },
    ],
    groupSize: 2,
    seed: 'x',
    attributes: [SKILL, GENDER],
    balance: { numeric: ['skill'], spread: ['gender'], steps: 10, earlierRounds: [[['a', 'b']]] },
  };

  it('keeps e-mails (trimmed), attributes and balancing; older snapshots stay valid', () => {
    const parsed = shuffleSnapshot.parse(base);
    expect(parsed.members[0]).toEqual({
      id: 'a',
      name: 'Ann',
      email: 'ann@example.com',
      attributes: { skill: 3, gender: 'F' },
    });
    expect(parsed.balance).toEqual({
      numeric: ['skill'],
      spread: ['gender'],
      noIsolation: [],
      earlierRounds: [[['a', 'b']]],
      steps: 10,
    });
    expect(snapshotProblems(parsed)).toEqual([]);
    const { attributes: _, balance: __, ...old } = base;
    const plainMembers = old.members.map(({ id, name }) => ({ id, name }));
    expect(shuffleSnapshot.safeParse({ ...old, members: plainMembers }).success).toBe(true);
  });

  it('refuses a bad e-mail and values that are neither numbers nor text', () => {
    const badEmail = {
      ...base,
      members: [{ ...base.members[0]!, email: 'nope' }, base.members[1]],
    };
    expect(shuffleSnapshot.safeParse(badEmail).success).toBe(false);
    const badValue = {
      ...base,
      members: [{ ...base.members[0]!, attributes: { skill: Number.POSITIVE_INFINITY } }],
    };
    expect(shuffleSnapshot.safeParse(badValue).success).toBe(false);
  });

  it('names undefined attributes, values of the wrong kind and unknown members of earlier rounds', () => {
    const parsed = shuffleSnapshot.parse({
      ...base,
      members: [
        { id: 'a', name: 'Ann', attributes: { skill: 'high', major: 'CS' } },
        { id: 'b', name: 'Ben' },
      ],
      balance: { ...base.balance, spread: ['skill'], earlierRounds: [[['a', 'zed']]] },
    });
    expect(snapshotProblems(parsed)).toEqual([
      "Ann's skill is not a numeric value",
      'Ann has an undefined attribute major',
      'Balancing names skill, not a categorical attribute',
      'Earlier round 1 has an unknown member zed',
    ]);
  });
});
