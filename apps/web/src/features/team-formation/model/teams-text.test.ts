import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from './draft';
import type { Draft } from './draft';
import { parseNavigationState } from './navigation-state';
import { teamsAsText } from './teams-text';

const words = { team: (n: number) => `Team ${n}`, seed: (s: string) => `Seed: ${s}` };

const draft: Draft = {
  ...EMPTY_DRAFT,
  teamCount: 2,
  members: [
    { id: 'a', name: 'Ada' },
    { id: 'b', name: 'Grace' },
    { id: 'c', name: 'Ada' },
  ],
  outcome: {
    groups: [
      { number: 1, memberIds: ['c', 'a'] },
      { number: 2, memberIds: ['b'] },
    ],
    seed: 'abc234',
    unevenReason: null,
    savedAs: null,
  },
};

describe('teamsAsText', () => {
  it('gives one line per team and the seed, members of one name told apart', () => {
    expect(teamsAsText(draft, words)).toBe(
      'Team 1: Ada (2), Ada (1)\nTeam 2: Grace\n\nSeed: abc234',
    );
  });

  it('is empty before the first shuffle', () => {
    expect(teamsAsText({ ...draft, outcome: null }, words)).toBe('');
  });
});

describe('parseNavigationState', () => {
  const snapshot = {
    members: draft.members,
    groups: draft.outcome!.groups,
    groupSize: 2,
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    seed: 'abc234',
  };

  it('reads a saved result and the Create Team flag', () => {
    const state = { loadResult: { id: 'r1', title: 'Week 1', snapshot }, openCreateTeam: true };
    expect(parseNavigationState(state)).toEqual(state);
    expect(parseNavigationState({ loadResult: state.loadResult })?.openCreateTeam).toBe(false);
  });

  it('ignores anything else', () => {
    expect(parseNavigationState(null)).toBeNull();
    expect(parseNavigationState({ from: '/results' })).toBeNull();
    expect(
      parseNavigationState({
        loadResult: { id: 'r1', title: 'x', snapshot: { ...snapshot, groups: [] } },
      }),
    ).toBeNull();
  });
});
