import { describe, expect, it } from 'vitest';
import { saveResultInput, type ShuffleSnapshot, snapshotProblems, titleKey } from './results.ts';

const snapshot: ShuffleSnapshot = {
  members: [
    { id: 'a', name: 'Ann' },
    { id: 'b', name: 'Ben' },
    { id: 'c', name: 'Cho' },
    { id: 'd', name: 'Ann' },
  ],
  groups: [
    { number: 1, memberIds: ['a', 'b'] },
    { number: 2, memberIds: ['c', 'd'] },
  ],
  groupSize: 2,
  fixedPairs: [{ id: 'p1', memberIds: ['a', 'b'] }],
  lockedTeams: [{ id: 'l1', memberIds: ['c'] }],
  keepApart: [{ id: 'k1', memberIds: ['a', 'd'] }],
  seed: 'seed-1',
};

describe('snapshotProblems', () => {
  it('accepts a faithful shuffle, duplicate names included', () => {
    expect(snapshotProblems(snapshot)).toEqual([]);
  });

  it('finds dropped, duplicated and unknown members', () => {
    const broken = {
      ...snapshot,
      groups: [
        { number: 1, memberIds: ['a', 'b', 'c'] },
        { number: 2, memberIds: ['c', 'x'] },
      ],
    };
    expect(snapshotProblems(broken)).toEqual([
      'Cho is in more than one group',
      'Group 2 has an unknown member x',
      'Ann is in no group',
    ]);
  });

  it('finds broken constraints', () => {
    const broken = {
      ...snapshot,
      groups: [
        { number: 1, memberIds: ['a', 'd'] },
        { number: 2, memberIds: ['b', 'c'] },
      ],
    };
    expect(snapshotProblems(broken)).toEqual([
      'Fixed pair p1 is split across groups',
      'Ann and Ann must be kept apart',
    ]);
  });
});

describe('saveResultInput', () => {
  it('trims the title and refuses an empty one', () => {
    expect(saveResultInput.parse({ title: '  Week 1  ', snapshot }).title).toBe('Week 1');
    expect(saveResultInput.safeParse({ title: '   ', snapshot }).error?.issues[0]?.message).toBe(
      'Please enter a name',
    );
  });

  it('compares titles without case and surrounding spaces', () => {
    expect(titleKey('  Week 1 ')).toBe(titleKey('WEEK 1'));
  });
});
