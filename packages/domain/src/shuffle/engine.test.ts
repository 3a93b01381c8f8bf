// formTeams on hand-written examples: the spec's rules and wording, every refusal with its
// message, the report, replay of a saved seed, and uniformity of the draw.
import { describe, expect, it } from 'vitest';
import { type ErrorId, isAppError } from '../errors.ts';
import { teamCountFrom } from '../limits.ts';
import { formTeams } from './engine.ts';
import type { FormTeamsInput, MemberConstraint } from './types.ts';

const NAMES = ['Ann', 'Ben', 'Cho', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo'];

/** Members m1..mN named Ann, Ben, ... (names repeat after ten). */
function buildMembers(count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: `m${i + 1}`, name: NAMES[i % 10]! }));
}

function buildInput(overrides: Partial<FormTeamsInput> & { count?: number } = {}): FormTeamsInput {
  const { count = 10, ...rest } = overrides;
  return { members: buildMembers(count), teamCount: 4, seed: 'example', ...rest };
}

const pair = (id: string, a: string, b: string): MemberConstraint => ({ id, memberIds: [a, b] });

function refusal(input: FormTeamsInput): {
  id: ErrorId;
  status: number;
  message: string;
  field?: string;
} {
  try {
    formTeams(input);
  } catch (error) {
    if (isAppError(error)) {
      return { id: error.id, status: error.status, message: error.message, field: error.field };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

function teamOf(teams: { number: number; memberIds: string[] }[], id: string): number {
  return teams.find((team) => team.memberIds.includes(id))!.number;
}

// Pearson's chi-square statistic of observed counts against equal expected counts.
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('formTeams: the spec rules (part 1, sections 5 and 9)', () => {
  it("refuses more teams than members with the spec's message", () => {
    expect(refusal(buildInput({ count: 3, teamCount: 5 }))).toMatchObject({
      id: 'too_few_members',
      status: 422,
      message:
        'Cannot create 5 teams with only 3 members. Please reduce the number of teams or add more members.',
    });
  });

  it('refuses to shuffle no members', () => {
    expect(refusal(buildInput({ count: 0 }))).toMatchObject({
      id: 'no_members',
      status: 422,
      message: 'Add at least one member before shuffling.',
    });
  });

  it('spreads 10 members over 4 teams as 3, 3, 2, 2', () => {
    const { teams, report } = formTeams(buildInput());
    expect(teams.map((team) => team.memberIds.length).sort()).toEqual([2, 2, 3, 3]);
    expect(report).toMatchObject({ isEven: true, balance: 'even', unevenReason: null });
  });

  it('takes 2 to 10 teams and refuses others', () => {
    expect(formTeams(buildInput({ teamCount: 2 })).teams).toHaveLength(2);
    expect(formTeams(buildInput({ teamCount: 10 })).teams).toHaveLength(10);
    for (const teamCount of [1, 11, 2.5, Number.NaN, 0, -3]) {
      expect(refusal(buildInput({ teamCount }))).toEqual({
        id: 'invalid_team_count',
        status: 400,
        message: 'The number of teams must be a whole number from 2 to 10.',
        field: 'teamCount',
      });
    }
  });

  it('gets 4 teams for a non-number through teamCountFrom at the edge', () => {
    expect(formTeams(buildInput({ teamCount: teamCountFrom('abc') })).teams).toHaveLength(4);
  });

  it('places members by id, so equal names are all kept', () => {
    const members = [1, 2, 3, 4, 5].map((i) => ({ id: `ann-${i}`, name: 'Ann' }));
    const { teams } = formTeams({ members, teamCount: 2, seed: 1 });
    expect(teams.flatMap((team) => team.memberIds).sort()).toEqual(members.map((m) => m.id));
  });
});

describe('formTeams: constraints', () => {
  it('keeps a fixed pair and a locked team together, and a keep-apart pair apart', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { teams } = formTeams(
        buildInput({
          seed,
          fixedPairs: [pair('p1', 'm1', 'm2')],
          lockedTeams: [{ id: 'l1', memberIds: ['m3', 'm4', 'm5'] }],
          keepApart: [pair('k1', 'm1', 'm6')],
        }),
      );
      expect(teamOf(teams, 'm1')).toBe(teamOf(teams, 'm2'));
      expect(teamOf(teams, 'm3')).toBe(teamOf(teams, 'm4'));
      expect(teamOf(teams, 'm3')).toBe(teamOf(teams, 'm5'));
      expect(teamOf(teams, 'm1')).not.toBe(teamOf(teams, 'm6'));
    }
  });

  it('merges constraints that share a member into one block and reports it', () => {
    const { teams, report } = formTeams(
      buildInput({
        fixedPairs: [pair('p1', 'm1', 'm2')],
        lockedTeams: [{ id: 'l1', memberIds: ['m2', 'm3'] }],
        keepApart: [pair('k1', 'm3', 'm9')],
      }),
    );
    const team = teamOf(teams, 'm1');
    expect([teamOf(teams, 'm2'), teamOf(teams, 'm3')]).toEqual([team, team]);
    expect(report.blocks).toEqual([
      {
        teamNumber: team,
        memberIds: ['m1', 'm2', 'm3'],
        constraints: [
          { kind: 'fixedPair', constraintId: 'p1' },
          { kind: 'lockedTeam', constraintId: 'l1' },
        ],
        isLocked: true,
      },
    ]);
    expect(report.placements).toEqual([
      {
        memberId: 'm1',
        teamNumber: team,
        constraints: [{ kind: 'fixedPair', constraintId: 'p1' }],
      },
      {
        memberId: 'm2',
        teamNumber: team,
        constraints: [
          { kind: 'fixedPair', constraintId: 'p1' },
          { kind: 'lockedTeam', constraintId: 'l1' },
        ],
      },
      {
        memberId: 'm3',
        teamNumber: team,
        constraints: [
          { kind: 'lockedTeam', constraintId: 'l1' },
          { kind: 'keepApart', constraintId: 'k1' },
        ],
      },
      {
        memberId: 'm9',
        teamNumber: teamOf(teams, 'm9'),
        constraints: [{ kind: 'keepApart', constraintId: 'k1' }],
      },
    ]);
  });

  it('lists a locked team first in its team, in input order', () => {
    const { teams } = formTeams(
      buildInput({ lockedTeams: [{ id: 'l1', memberIds: ['m7', 'm2', 'm5'] }] }),
    );
    const team = teams.find((t) => t.memberIds.includes('m7'))!;
    expect(team.memberIds.slice(0, 3)).toEqual(['m2', 'm5', 'm7']);
  });

  it('puts separate locked teams in separate teams', () => {
    for (let seed = 0; seed < 30; seed++) {
      const { teams } = formTeams(
        buildInput({
          seed,
          teamCount: 3,
          lockedTeams: [
            { id: 'l1', memberIds: ['m1'] },
            { id: 'l2', memberIds: ['m2'] },
            { id: 'l3', memberIds: ['m3', 'm4'] },
          ],
        }),
      );
      expect(new Set(['m1', 'm2', 'm3'].map((id) => teamOf(teams, id))).size).toBe(3);
    }
  });

  it('makes the most even split when a locked team is larger than the average, and says why', () => {
    const members = buildMembers(20);
    const { report } = formTeams({
      members,
      teamCount: 4,
      seed: 'u',
      lockedTeams: [{ id: 'big', memberIds: members.slice(0, 7).map((m) => m.id) }],
    });
    expect([...report.sizes].sort((a, b) => b - a)).toEqual([7, 5, 4, 4]);
    expect(report).toMatchObject({
      isEven: false,
      balance: 'most-even',
      unevenReason:
        'The locked team of Ann, Ben, Cho and 4 others has 7 members, more than the even team size of 5, so team sizes cannot differ by at most one. These are the most even sizes possible.',
    });
  });

  it('explains uneven sizes that keep-apart pairs force', () => {
    // Ann must be kept apart from everyone else, so she is alone.
    const members = buildMembers(4);
    const keepApart = ['m2', 'm3', 'm4'].map((id, k) => pair(`k${k}`, 'm1', id));
    const { report } = formTeams({ members, teamCount: 2, seed: 1, keepApart });
    expect([...report.sizes].sort()).toEqual([1, 3]);
    expect(report.unevenReason).toBe(
      'Keep-apart pairs leave no way to make team sizes differ by at most one. These are the most even sizes possible.',
    );
  });
});

describe('formTeams: refusals', () => {
  it('refuses a keep-apart pair inside one block, naming both members', () => {
    expect(
      refusal(
        buildInput({
          fixedPairs: [pair('p1', 'm1', 'm2')],
          lockedTeams: [{ id: 'l1', memberIds: ['m2', 'm3'] }],
          keepApart: [pair('k1', 'm3', 'm1')],
        }),
      ),
    ).toEqual({
      id: 'keep_apart_conflict',
      status: 422,
      message:
        'Cho and Ann must be kept apart, but fixed pairs or locked teams put them in the same team.',
      field: 'keepApart.0',
    });
  });

  it('refuses more separate locked teams than teams, counting merged ones once', () => {
    const locked = (id: string, ...memberIds: string[]) => ({ id, memberIds });
    expect(
      refusal(
        buildInput({
          teamCount: 2,
          lockedTeams: [locked('l1', 'm1'), locked('l2', 'm2'), locked('l3', 'm3')],
        }),
      ),
    ).toMatchObject({
      id: 'too_many_locked_teams',
      status: 422,
      message:
        'There are 3 separate locked teams but only 2 teams. Each locked team needs a team of its own: please add teams or combine locked teams.',
    });
    const merged = formTeams(
      buildInput({
        teamCount: 2,
        lockedTeams: [locked('l1', 'm1', 'm2'), locked('l2', 'm2', 'm3'), locked('l3', 'm4')],
      }),
    );
    expect(merged.report.blocks.map((block) => block.memberIds)).toEqual([
      ['m1', 'm2', 'm3'],
      ['m4'],
    ]);
  });

  it('refuses a block that would leave a team empty', () => {
    expect(
      refusal(
        buildInput({
          count: 6,
          teamCount: 3,
          lockedTeams: [{ id: 'l1', memberIds: ['m1', 'm2', 'm3', 'm4', 'm5'] }],
        }),
      ),
    ).toMatchObject({
      id: 'block_too_large',
      status: 422,
      message:
        'The locked team of Ann, Ben, Cho and 2 others has 5 members, but with 6 members in 3 teams a team can have at most 4 without leaving another team empty.',
    });
  });

  it('refuses when the blocks are fewer than the teams', () => {
    expect(
      refusal(
        buildInput({
          count: 6,
          teamCount: 4,
          fixedPairs: [pair('p1', 'm1', 'm2'), pair('p2', 'm3', 'm4'), pair('p3', 'm5', 'm6')],
        }),
      ),
    ).toMatchObject({
      id: 'too_few_groups',
      status: 422,
      message:
        'Cannot create 4 teams: fixed pairs and locked teams join the 6 members into only 3 groups that cannot be split. Please reduce the number of teams or remove a fixed pair or locked team.',
    });
  });

  it('refuses keep-apart pairs that no split can honour', () => {
    // Three members who must all be apart, in two teams.
    const keepApart = [pair('k1', 'm1', 'm2'), pair('k2', 'm2', 'm3'), pair('k3', 'm1', 'm3')];
    expect(refusal(buildInput({ teamCount: 2, keepApart }))).toEqual({
      id: 'keep_apart_impossible',
      status: 422,
      message:
        'The keep-apart pairs cannot all be kept apart in 2 teams. Please add teams or remove some keep-apart pairs.',
      field: 'keepApart',
    });
    expect(formTeams(buildInput({ teamCount: 3, keepApart })).teams).toHaveLength(3);
  });

  it('refuses malformed constraints with 400 and the field', () => {
    const cases: [Partial<FormTeamsInput>, string, string][] = [
      [
        { fixedPairs: [{ id: 'p1', memberIds: ['m1'] }] },
        'This fixed pair is not valid: it needs exactly two members.',
        'fixedPairs.0.memberIds',
      ],
      [
        { fixedPairs: [pair('p1', 'm1', 'm1')] },
        'This fixed pair is not valid: it needs two different members, but Ann is chosen twice.',
        'fixedPairs.0.memberIds.1',
      ],
      [
        { fixedPairs: [pair('p1', 'm1', 'nobody')] },
        'This fixed pair is not valid: it names a member who is not in the member list ("nobody").',
        'fixedPairs.0.memberIds.1',
      ],
      [
        { lockedTeams: [{ id: 'l1', memberIds: [] }] },
        'This locked team is not valid: it needs at least one member.',
        'lockedTeams.0.memberIds',
      ],
      [
        { lockedTeams: [{ id: 'l1', memberIds: ['m2', 'm3', 'm2'] }] },
        'This locked team is not valid: Ben is listed more than once.',
        'lockedTeams.0.memberIds.2',
      ],
      [
        { keepApart: [pair('k1', 'm1', 'm2'), pair('k1', 'm3', 'm4')] },
        'This keep-apart pair is not valid: its id "k1" is used by another keep-apart pair.',
        'keepApart.1.id',
      ],
      [
        { keepApart: [{ id: 'k1', memberIds: ['m1', 'm2', 'm3'] }] },
        'This keep-apart pair is not valid: it needs exactly two members.',
        'keepApart.0.memberIds',
      ],
    ];
    for (const [overrides, message, field] of cases) {
      expect(refusal(buildInput(overrides))).toEqual({
        id: 'invalid_constraint',
        status: 400,
        message,
        field,
      });
    }
  });

  it('refuses duplicate member ids', () => {
    const members = [...buildMembers(3), { id: 'm2', name: 'Other' }];
    expect(refusal({ members, teamCount: 2, seed: 1 })).toEqual({
      id: 'duplicate_member_id',
      status: 400,
      message: 'Each member needs their own id, but "m2" is used more than once.',
      field: 'members.3.id',
    });
  });

  it('refuses a bad seed', () => {
    expect(refusal(buildInput({ seed: '  ' }))).toMatchObject({ id: 'invalid_seed', status: 400 });
    expect(refusal(buildInput({ seed: -1 }))).toMatchObject({ id: 'invalid_seed' });
  });
});

describe('formTeams: seeds and replay', () => {
  it('returns the normalised seed, and a number seed equals its text', () => {
    expect(formTeams(buildInput({ seed: ' abc ' })).seed).toBe('abc');
    const byNumber = formTeams(buildInput({ seed: 42 }));
    expect(byNumber.seed).toBe('42');
    expect(formTeams(buildInput({ seed: '42' }))).toEqual(byNumber);
  });

  it('replays a saved draw exactly (pinned: changing this breaks saved results)', () => {
    const members = [...buildMembers(10), { id: 'm11', name: 'Ann' }];
    const replay = formTeams({
      members,
      teamCount: 3,
      seed: 'replay-1',
      fixedPairs: [pair('p1', 'm1', 'm2')],
      lockedTeams: [{ id: 'l1', memberIds: ['m3', 'm4', 'm5'] }],
      keepApart: [pair('k1', 'm1', 'm11')],
    });
    expect(replay.teams).toEqual([
      { number: 1, memberIds: ['m11', 'm6', 'm9', 'm10'] },
      { number: 2, memberIds: ['m3', 'm4', 'm5', 'm7'] },
      { number: 3, memberIds: ['m1', 'm2', 'm8'] },
    ]);
    expect(formTeams({ members, teamCount: 4, seed: 7 }).teams).toEqual([
      { number: 1, memberIds: ['m11', 'm5', 'm3'] },
      { number: 2, memberIds: ['m9', 'm2', 'm8'] },
      { number: 3, memberIds: ['m6', 'm4'] },
      { number: 4, memberIds: ['m1', 'm7', 'm10'] },
    ]);
  });
});

describe('formTeams: the draw is uniform (fixed seeds, so these results never change)', () => {
  const DRAWS = 6000;

  it('puts each of 4 members in team 1 half of the time, and makes each pairing a third', () => {
    const members = buildMembers(4);
    const inTeamOne = new Map(members.map((m) => [m.id, 0]));
    const partnerOfM1 = new Map([
      ['m2', 0],
      ['m3', 0],
      ['m4', 0],
    ]);
    const teamOneSets = new Map<string, number>();
    for (let k = 0; k < DRAWS; k++) {
      const { teams } = formTeams({ members, teamCount: 2, seed: `uniform-${k}` });
      const one = teams[0]!.memberIds;
      for (const id of one) inTeamOne.set(id, inTeamOne.get(id)! + 1);
      const withM1 = teams.find((t) => t.memberIds.includes('m1'))!.memberIds;
      const partner = withM1.find((id) => id !== 'm1')!;
      partnerOfM1.set(partner, partnerOfM1.get(partner)! + 1);
      const key = [...one].sort().join();
      teamOneSets.set(key, (teamOneSets.get(key) ?? 0) + 1);
    }
    // Each count is Binomial(6000, 1/2): standard deviation about 39; allow 5 of them.
    for (const count of inTeamOne.values()) expect(Math.abs(count - DRAWS / 2)).toBeLessThan(195);
    expect(chiSquare([...partnerOfM1.values()])).toBeLessThan(13.8); // 2 df, p = 0.001
    expect(teamOneSets.size).toBe(6);
    expect(chiSquare([...teamOneSets.values()])).toBeLessThan(20.5); // 5 df, p = 0.001
  });

  it('gives the extra members of an uneven count to random teams', () => {
    // 10 members in 4 teams: two teams of 3; each team number should get 3 half of the time.
    const members = buildMembers(10);
    const bigCount = [0, 0, 0, 0];
    for (let k = 0; k < DRAWS; k++) {
      const { report } = formTeams({ members, teamCount: 4, seed: `sizes-${k}` });
      report.sizes.forEach((size, j) => (bigCount[j]! += size === 3 ? 1 : 0));
    }
    expect(chiSquare(bigCount)).toBeLessThan(16.3); // 3 df, p = 0.001
  });

  it('sends a fixed pair to every team number equally often', () => {
    const members = buildMembers(7);
    const counts = [0, 0, 0];
    for (let k = 0; k < DRAWS; k++) {
      const { teams } = formTeams({
        members,
        teamCount: 3,
        seed: `pair-${k}`,
        fixedPairs: [pair('p1', 'm1', 'm2')],
      });
      counts[teamOf(teams, 'm1') - 1]! += 1;
    }
    expect(chiSquare(counts)).toBeLessThan(13.8); // 2 df, p = 0.001
  });
});
