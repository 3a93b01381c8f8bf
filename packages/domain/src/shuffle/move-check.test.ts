// Moving a member by hand (issue 24, "Before saving"): what each move breaks, on hand-written
// teams, and the arrangement after it.
import { describe, expect, it } from 'vitest';
import { snapshotProblems } from '../results.ts';
import { checkSaveResult } from './balance/replay.ts';
import { formTeams } from './engine.ts';
import { applyMove, checkMove, moveChecker, sizeSpread } from './move-check.ts';
import type { Arrangement, MoveCheck } from './move-check.ts';

const pair = (id: string, a: string, b: string) => ({ id, memberIds: [a, b] as [string, string] });

type Pair = { id: string; memberIds: [string, string] };
type Locked = { id: string; memberIds: string[] };

/** Teams 1..n from lists of ids, with the given constraints. */
function arrangement(
  teams: string[][],
  constraints: Partial<Omit<Arrangement<Pair, Locked>, 'groups'>> = {},
): Arrangement<Pair, Locked> {
  return {
    groups: teams.map((memberIds, index) => ({ number: index + 1, memberIds })),
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    ...constraints,
  };
}

function ok(check: MoveCheck) {
  if (!check.ok) throw new Error(`expected a move, got ${check.reason}`);
  return check;
}

describe('checkMove', () => {
  it('finds nothing wrong with a move that keeps sizes within one and breaks no constraint', () => {
    const teams = arrangement([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(checkMove(teams, 'a', 2)).toEqual({
      ok: true,
      memberId: 'a',
      from: 1,
      to: 2,
      breaks: [],
    });
  });

  it('refuses an unknown member or team, a move to the same team, and emptying a team', () => {
    const teams = arrangement([['a', 'b'], ['c']]);
    expect(checkMove(teams, 'x', 2)).toMatchObject({ ok: false, reason: 'unknownMember' });
    expect(checkMove(teams, 'a', 3)).toMatchObject({ ok: false, reason: 'unknownTeam' });
    expect(checkMove(teams, 'a', 1)).toMatchObject({ ok: false, reason: 'sameTeam' });
    expect(checkMove(teams, 'c', 1)).toMatchObject({ ok: false, from: 2, reason: 'emptiesTeam' });
  });

  it('says when sizes would differ by more than one, and more than they do now', () => {
    const even = arrangement([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(checkMove(even, 'a', 2)).toMatchObject({
      breaks: [{ kind: 'uneven', spreadBefore: 0, spreadAfter: 2 }],
    });
    // Already uneven by 3 (say a large locked team): a move that narrows it is fine, one that
    // widens it is not.
    const uneven = arrangement([
      ['a', 'b', 'c', 'd', 'e'],
      ['f', 'g'],
      ['h', 'i'],
    ]);
    expect(sizeSpread([5, 2, 2])).toBe(3);
    expect(checkMove(uneven, 'a', 2)).toMatchObject({ breaks: [] });
    expect(checkMove(uneven, 'f', 1)).toMatchObject({
      breaks: [{ kind: 'uneven', spreadBefore: 3, spreadAfter: 5 }],
    });
  });

  it('names a fixed pair split, a locked team split, and a keep-apart pair joined', () => {
    const teams = arrangement(
      [
        ['a', 'b', 'c'],
        ['d', 'e'],
      ],
      {
        fixedPairs: [pair('p', 'a', 'b')],
        lockedTeams: [{ id: 'l', memberIds: ['a', 'c'] }],
        keepApart: [pair('k', 'a', 'e'), pair('k2', 'a', 'c')],
      },
    );
    expect(ok(checkMove(teams, 'a', 2)).breaks).toEqual([
      { kind: 'fixedPairSplit', constraintId: 'p', partnerId: 'b' },
      { kind: 'lockedTeamSplit', constraintId: 'l', otherIds: ['c'] },
      { kind: 'keepApartJoined', constraintId: 'k', partnerId: 'e' },
    ]);
  });

  it('lets a member join a locked team’s team, but not bring a locked team of their own', () => {
    const teams = arrangement(
      [
        ['a', 'b', 'g'],
        ['c', 'd'],
        ['e', 'f'],
      ],
      {
        lockedTeams: [
          { id: 'l1', memberIds: ['c'] },
          { id: 'l2', memberIds: ['e'] },
        ],
      },
    );
    // A free member into the locked team's team: the engine puts free members there too.
    expect(ok(checkMove(teams, 'a', 2)).breaks).toEqual([]);
    expect(ok(checkMove(teams, 'c', 3)).breaks).toEqual([
      { kind: 'lockedTeamsJoined', constraintId: 'l1', otherConstraintId: 'l2', otherIds: ['e'] },
      { kind: 'uneven', spreadBefore: 1, spreadAfter: 2 },
    ]);
  });

  it('lets two locked teams of one block (joined by a fixed pair) share a team', () => {
    // l1 and l2 are one block through the pair c-e; an earlier hand move split them.
    const teams = arrangement(
      [
        ['a', 'b'],
        ['c', 'd', 'g'],
        ['e', 'f'],
      ],
      {
        fixedPairs: [pair('p', 'c', 'e')],
        lockedTeams: [
          { id: 'l1', memberIds: ['c'] },
          { id: 'l2', memberIds: ['e'] },
        ],
      },
    );
    expect(ok(checkMove(teams, 'c', 3)).breaks).toEqual([]);
  });

  it('checks many moves of one arrangement from one index', () => {
    const teams = arrangement(
      [
        ['a', 'b', 'c'],
        ['d', 'e'],
        ['f', 'g'],
      ],
      {
        keepApart: [pair('k', 'a', 'f')],
      },
    );
    const check = moveChecker(teams);
    expect(ok(check('a', 2)).breaks).toEqual([]);
    expect(ok(check('a', 3)).breaks).toEqual([
      { kind: 'keepApartJoined', constraintId: 'k', partnerId: 'f' },
    ]);
  });
});

describe('applyMove', () => {
  it('moves the member to the end of the team and keeps untouched teams and lists as they were', () => {
    const teams = arrangement(
      [
        ['a', 'b', 'c'],
        ['d', 'e'],
        ['f', 'g'],
      ],
      {
        fixedPairs: [pair('p', 'f', 'g')],
      },
    );
    const after = applyMove(teams, ok(checkMove(teams, 'a', 2)));
    expect(after.groups.map((group) => group.memberIds)).toEqual([
      ['b', 'c'],
      ['d', 'e', 'a'],
      ['f', 'g'],
    ]);
    expect(after.groups[2]).toBe(teams.groups[2]);
    expect(after.fixedPairs).toBe(teams.fixedPairs);
    expect(after.lockedTeams).toBe(teams.lockedTeams);
    expect(after.keepApart).toBe(teams.keepApart);
  });

  it('takes out what the move breaks: pairs removed, the member leaves the locked team', () => {
    const teams = arrangement(
      [
        ['a', 'b', 'c', 'g'],
        ['d', 'e', 'f'],
      ],
      {
        fixedPairs: [pair('p', 'a', 'b'), pair('q', 'd', 'f')],
        lockedTeams: [
          { id: 'l', memberIds: ['a', 'c'] },
          { id: 'm', memberIds: ['d'] },
        ],
        keepApart: [pair('k', 'a', 'e'), pair('k2', 'b', 'd')],
      },
    );
    const check = ok(checkMove(teams, 'a', 2));
    expect(check.breaks.map((broken) => broken.kind)).toEqual([
      'fixedPairSplit',
      'lockedTeamSplit',
      'lockedTeamsJoined',
      'keepApartJoined',
    ]);
    const after = applyMove(teams, check);
    expect(after.fixedPairs).toEqual([pair('q', 'd', 'f')]);
    expect(after.lockedTeams).toEqual([
      { id: 'l', memberIds: ['c'] },
      { id: 'm', memberIds: ['d'] },
    ]);
    expect(after.keepApart).toEqual([pair('k2', 'b', 'd')]);
    // What is left is honoured by the moved teams: the server saves them (snapshotProblems).
    const snapshot = {
      members: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id, name: id.toUpperCase() })),
      groups: after.groups.map((group) => ({ ...group, memberIds: [...group.memberIds] })),
      groupSize: 2,
      fixedPairs: [...after.fixedPairs],
      lockedTeams: [...after.lockedTeams],
      keepApart: [...after.keepApart],
      seed: 'seed',
    };
    expect(snapshotProblems(snapshot)).toEqual([]);
  });

  it('removes a locked team of one member who leaves it for another locked team', () => {
    const teams = arrangement(
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      {
        lockedTeams: [
          { id: 'l1', memberIds: ['a'] },
          { id: 'l2', memberIds: ['c'] },
        ],
      },
    );
    const check = ok(checkMove(teams, 'a', 2));
    expect(check.breaks.map((broken) => broken.kind)).toEqual(['lockedTeamsJoined', 'uneven']);
    expect(applyMove(teams, check).lockedTeams).toEqual([{ id: 'l2', memberIds: ['c'] }]);
  });

  it('keeps locked teams joined only through the moved member together, as one', () => {
    // l1 and l2 share only a; with a gone they would be two locked teams in one team, which the
    // next shuffle would split up. They stay locked together as one.
    const teams = arrangement(
      [
        ['a', 'b', 'c', 'd'],
        ['e', 'f', 'g'],
      ],
      {
        lockedTeams: [
          { id: 'l1', memberIds: ['a', 'b'] },
          { id: 'l2', memberIds: ['c', 'a'] },
        ],
      },
    );
    const check = ok(checkMove(teams, 'a', 2));
    expect(check.breaks.map((broken) => broken.kind)).toEqual([
      'lockedTeamSplit',
      'lockedTeamSplit',
    ]);
    expect(applyMove(teams, check).lockedTeams).toEqual([{ id: 'l1', memberIds: ['b', 'c'] }]);
  });

  it('keeps locked teams joined through the moved member’s fixed pairs together too', () => {
    const teams = arrangement(
      [
        ['a', 'b', 'c', 'd'],
        ['e', 'f', 'g'],
      ],
      {
        fixedPairs: [pair('p', 'a', 'b'), pair('q', 'a', 'c')],
        lockedTeams: [
          { id: 'l1', memberIds: ['b'] },
          { id: 'l2', memberIds: ['c'] },
        ],
      },
    );
    const after = applyMove(teams, ok(checkMove(teams, 'a', 2)));
    expect(after.fixedPairs).toEqual([]);
    expect(after.lockedTeams).toEqual([{ id: 'l1', memberIds: ['b', 'c'] }]);
  });
});

describe('saving moved teams (checkSaveResult)', () => {
  const members = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, name: id.toUpperCase() }));
  const drawn = formTeams({ members, teamCount: 2, seed: 'moves' });
  const teams = arrangement(drawn.teams.map((team) => team.memberIds));
  const [first, second] = teams.groups;
  const after = applyMove(teams, ok(checkMove(teams, first!.memberIds[0]!, second!.number)));
  const snapshot = {
    members,
    groups: after.groups.map((group) => ({ ...group, memberIds: [...group.memberIds] })),
    groupSize: 2,
    seed: 'moves',
  };

  it('accepts them as adjusted by hand, and refuses them as a draw of the seed', () => {
    const adjusted = checkSaveResult({
      title: 'T',
      snapshot: { ...snapshot, isHandAdjusted: true },
    });
    expect(adjusted).toMatchObject({ kind: 'checked', isDrawn: true });
    expect(checkSaveResult({ title: 'T', snapshot })).toMatchObject({
      kind: 'checked',
      isDrawn: false,
    });
  });

  it('refuses an empty team adjusted by hand', () => {
    const emptied = {
      ...snapshot,
      groups: [
        { number: 1, memberIds: members.map((member) => member.id) },
        { number: 2, memberIds: [] },
      ],
      isHandAdjusted: true,
    };
    expect(checkSaveResult({ title: 'T', snapshot: emptied })).toEqual({
      kind: 'problem',
      problem: 'Group 2 has no members',
    });
  });
});
