import { describe, expect, it } from 'vitest';
import type { ShuffleSnapshot } from '../../results.ts';
import { formTeams } from '../engine.ts';
import { balanceTeams } from './balance.ts';
import { checkSaveResult, isDrawOfSeed } from './replay.ts';

const members = Array.from({ length: 24 }, (_, i) => ({
  id: `m${i + 1}`,
  name: `Member ${i + 1}`,
  attributes: { gender: i % 3 === 0 ? 'F' : 'M', skill: (i * 7) % 5 },
}));
const attributes = [
  { key: 'gender', kind: 'categorical' },
  { key: 'skill', kind: 'numeric' },
] as const;
const settings = { numeric: ['skill'], spread: ['gender'], noIsolation: [], earlierRounds: [] };
const base = { members, groupSize: 4, fixedPairs: [], lockedTeams: [], keepApart: [], seed: 's' };

function groupsOf(teams: readonly { number: number; memberIds: string[] }[]) {
  return teams.map((team) => ({ number: team.number, memberIds: team.memberIds }));
}

function balanced(maxSteps?: number): ShuffleSnapshot {
  const result = balanceTeams({
    ...base,
    teamCount: 4,
    attributes: [...attributes],
    balance: settings,
    ...(maxSteps === undefined ? {} : { maxSteps }),
  });
  return {
    ...base,
    groups: groupsOf(result.teams),
    attributes: [...attributes],
    balance: { ...settings, steps: result.balance.steps },
  };
}

describe('isDrawOfSeed', () => {
  it('accepts the plain draw of the seed, in any order inside a team', () => {
    const groups = groupsOf(formTeams({ ...base, teamCount: 4 }).teams);
    expect(isDrawOfSeed({ ...base, groups })).toBe(true);
    const reordered = groups.map((group) => ({
      ...group,
      memberIds: [...group.memberIds].reverse(),
    }));
    expect(isDrawOfSeed({ ...base, groups: reordered })).toBe(true);
    expect(isDrawOfSeed({ ...base, seed: 'other', groups })).toBe(false);
  });

  it('replays a balanced draw with its steps, and refuses the plain draw labelled balanced', () => {
    expect(isDrawOfSeed(balanced())).toBe(true);
    const early = balanced(20);
    expect(early.balance!.steps).toBe(20);
    expect(isDrawOfSeed(early)).toBe(true);
    const plain = groupsOf(formTeams({ ...base, teamCount: 4 }).teams);
    expect(isDrawOfSeed({ ...balanced(), groups: plain })).toBe(false);
  });
});

describe('checkSaveResult', () => {
  it('parses the body, then finds the first problem, then replays the draw', () => {
    expect(checkSaveResult({ title: '', snapshot: balanced() })).toEqual({ kind: 'invalid' });
    const snapshot = balanced();
    const checked = checkSaveResult({ title: ' Week 1 ', snapshot });
    expect(checked).toEqual({
      kind: 'checked',
      input: { title: 'Week 1', snapshot },
      isDrawn: true,
    });
    const dropped = { ...snapshot, groups: snapshot.groups.slice(0, 3) };
    expect(checkSaveResult({ title: 'x', snapshot: { ...dropped, groupSize: 3 } })).toMatchObject({
      kind: 'problem',
      problem: expect.stringMatching(/is in no group$/),
    });
    const plain = groupsOf(formTeams({ ...base, teamCount: 4 }).teams);
    expect(checkSaveResult({ title: 'x', snapshot: { ...snapshot, groups: plain } })).toMatchObject(
      {
        kind: 'checked',
        isDrawn: false,
      },
    );
  });
});
