import { describe, expect, it } from 'vitest';
import { formTeams } from './engine.ts';
import { newSeed } from './prng.ts';
import { SHUFFLE_MEMBERS_MAX, type ShuffleInput, shuffleInput } from './schema.ts';
import type { FormTeamsInput } from './types.ts';

const members = [
  { id: 'a', name: 'Ann' },
  { id: 'b', name: 'Ben' },
  { id: 'c', name: 'Ann' },
  { id: 'd', name: 'Dee' },
];

// The first issue of a failed parse: its message and path.
function firstIssue(value: unknown) {
  const parsed = shuffleInput.safeParse(value);
  if (parsed.success) throw new Error('expected the schema to refuse');
  const issue = parsed.error.issues[0]!;
  return { message: issue.message, path: issue.path.join('.') };
}

describe('shuffleInput', () => {
  it('parses a form: trims names, defaults the constraint lists, keeps the seed optional', () => {
    const parsed = shuffleInput.parse({
      members: [{ id: 'a', name: '  Ann ' }, ...members.slice(1)],
      teamCount: 2,
    });
    expect(parsed).toEqual({
      members,
      teamCount: 2,
      fixedPairs: [],
      lockedTeams: [],
      keepApart: [],
    });
  });

  it('gives what formTeams takes once the caller adds a seed', () => {
    const parsed: ShuffleInput = shuffleInput.parse({
      members,
      teamCount: 2,
      fixedPairs: [{ id: 'p1', memberIds: ['a', 'b'] }],
      lockedTeams: [{ id: 'l1', memberIds: ['c'] }],
      keepApart: [{ id: 'k1', memberIds: ['a', 'd'] }],
      seed: 12,
    });
    const input: FormTeamsInput = { ...parsed, seed: parsed.seed ?? newSeed(() => 0.5) };
    expect(formTeams(input).seed).toBe('12');
  });

  it('accepts string and uint32 seeds and refuses others', () => {
    const base = { members, teamCount: 2 };
    expect(shuffleInput.parse({ ...base, seed: ' s ' }).seed).toBe('s');
    expect(shuffleInput.parse({ ...base, seed: 4294967295 }).seed).toBe(4294967295);
    for (const seed of ['', 'x'.repeat(129), -1, 1.5, 2 ** 32, true]) {
      expect(firstIssue({ ...base, seed }).message).toBe(
        'The seed must be 1 to 128 characters, or a whole number from 0 to 4294967295.',
      );
    }
  });

  it('wants 2 to 10 teams (forms apply teamCountFrom first)', () => {
    for (const teamCount of [1, 11, 2.5, '4', null]) {
      expect(firstIssue({ members, teamCount })).toEqual({
        message: 'The number of teams must be a whole number from 2 to 10.',
        path: 'teamCount',
      });
    }
  });

  it('refuses no members, unnamed members and too many members', () => {
    expect(firstIssue({ members: [], teamCount: 2 })).toEqual({
      message: 'Add at least one member before shuffling.',
      path: 'members',
    });
    expect(firstIssue({ members: [{ id: 'a', name: '   ' }], teamCount: 2 })).toEqual({
      message: 'A member needs a name',
      path: 'members.0.name',
    });
    expect(firstIssue({ members: [{ id: 'a', name: 'x'.repeat(101) }], teamCount: 2 }).path).toBe(
      'members.0.name',
    );
    const many = Array.from({ length: SHUFFLE_MEMBERS_MAX + 1 }, (_, i) => ({
      id: `m${i}`,
      name: 'A',
    }));
    expect(firstIssue({ members: many, teamCount: 2 }).path).toBe('members');
  });

  it('refuses duplicate member ids, like the engine', () => {
    expect(firstIssue({ members: [...members, { id: 'b', name: 'Bo' }], teamCount: 2 })).toEqual({
      message: 'Each member needs their own id, but "b" is used more than once.',
      path: 'members.4.id',
    });
  });

  it('refuses constraints the spec does not allow, like the engine', () => {
    const base = { members, teamCount: 2 };
    expect(firstIssue({ ...base, fixedPairs: [{ id: 'p', memberIds: ['a'] }] })).toEqual({
      message: 'A fixed pair needs exactly two members',
      path: 'fixedPairs.0.memberIds',
    });
    expect(firstIssue({ ...base, fixedPairs: [{ id: 'p', memberIds: ['a', 'a'] }] })).toEqual({
      message:
        'This fixed pair is not valid: it needs two different members, but Ann is chosen twice.',
      path: 'fixedPairs.0.memberIds.1',
    });
    expect(firstIssue({ ...base, lockedTeams: [{ id: 'l', memberIds: [] }] })).toEqual({
      message: 'A locked team needs at least one member',
      path: 'lockedTeams.0.memberIds',
    });
    expect(firstIssue({ ...base, keepApart: [{ id: 'k', memberIds: ['a', 'zz'] }] })).toEqual({
      message:
        'This keep-apart pair is not valid: it names a member who is not in the member list ("zz").',
      path: 'keepApart.0.memberIds.1',
    });
    expect(
      firstIssue({
        ...base,
        lockedTeams: [
          { id: 'l', memberIds: ['a'] },
          { id: 'l', memberIds: ['b'] },
        ],
      }),
    ).toEqual({
      message: 'This locked team is not valid: its id "l" is used by another locked team.',
      path: 'lockedTeams.1.id',
    });
  });

  it('leaves feasibility to the engine: too many teams parse, then formTeams refuses', () => {
    const parsed = shuffleInput.parse({ members, teamCount: 5, seed: 's' });
    expect(() => formTeams({ ...parsed, seed: 's' })).toThrow(
      'Cannot create 5 teams with only 4 members.',
    );
  });
});
