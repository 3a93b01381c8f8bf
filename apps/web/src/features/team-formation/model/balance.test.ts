import { balanceTeams, snapshotProblems, shuffleSnapshot } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_BALANCE, isBalancing } from './balance';
import type { BalanceChoice } from './balance';
import { EMPTY_DRAFT, draftReducer, snapshotOf } from './draft';
import type { Draft, DraftAction, DraftMember } from './draft';
import { buildDraft, draftFromSavedResult, loadDraft, saveDraft } from './draft-storage';
import { matchRound } from './earlier-rounds';
import { balancedOutcome, balanceInputOf, outcomeReport } from './run-shuffle';

function apply(draft: Draft, ...actions: DraftAction[]): Draft {
  return actions.reduce(draftReducer, draft);
}

/** Eight imported members: m1..m8, e-mails, gender F for odd numbers, skill 1..4. */
function imported(): Draft {
  const members: DraftMember[] = Array.from({ length: 8 }, (_, i) => ({
    id: `m${i + 1}`,
    name: `Member ${i + 1}`,
    email: `member${i + 1}@example.com`,
    attributes: { gender: i % 2 === 0 ? 'F' : 'M', skill: (i % 4) + 1 },
  }));
  return apply(
    EMPTY_DRAFT,
    {
      type: 'importMembers',
      members,
      attributes: [
        { key: 'gender', kind: 'categorical' },
        { key: 'skill', kind: 'numeric' },
      ],
    },
    { type: 'setTeamCount', teamCount: 2 },
  );
}

const CHOICE: BalanceChoice = {
  numeric: ['skill'],
  spread: ['gender'],
  noIsolation: [{ key: 'gender', values: ['F'] }],
  rounds: [
    {
      kind: 'result',
      id: 'r1',
      title: 'Last month',
      teams: [
        ['m1', 'm2', 'm3', 'm4'],
        ['m5', 'm6', 'm7', 'm8'],
      ],
      matched: 8,
      total: 8,
    },
  ],
};

describe('import into the draft', () => {
  it('keeps valid e-mails and values of defined attributes of their kind only', () => {
    const draft = apply(EMPTY_DRAFT, {
      type: 'importMembers',
      members: [
        {
          id: 'a',
          name: ' Ada ',
          email: 'not an e-mail',
          attributes: { skill: 'high', gender: ' F ', other: 'x' },
        },
        { id: 'b', name: 'Ben', email: ' ben@example.com ', attributes: { skill: 3 } },
        { id: 'c', name: '   ' },
      ],
      attributes: [
        { key: ' skill ', kind: 'numeric' },
        { key: 'gender', kind: 'categorical' },
        { key: 'skill', kind: 'categorical' },
      ],
    });
    expect(draft.attributes).toEqual([
      { key: 'skill', kind: 'numeric' },
      { key: 'gender', kind: 'categorical' },
    ]);
    expect(draft.members).toEqual([
      { id: 'a', name: 'Ada', attributes: { gender: 'F' } },
      { id: 'b', name: 'Ben', email: 'ben@example.com', attributes: { skill: 3 } },
    ]);
  });

  it('keeps the balance choice to attributes of the right kind and members of the list', () => {
    const draft = apply(imported(), {
      type: 'setBalance',
      balance: {
        numeric: ['skill', 'gender', 'skill'],
        spread: ['gender', 'skill'],
        noIsolation: [
          { key: 'gender', values: ['F', ' '] },
          { key: 'skill', values: ['1'] },
        ],
        rounds: [{ ...CHOICE.rounds[0]!, teams: [['m1', 'zed'], ['m5']] }],
      },
    });
    expect(draft.balance).toEqual({
      numeric: ['skill'],
      spread: ['gender'],
      noIsolation: [{ key: 'gender', values: ['F'] }],
      rounds: [{ ...CHOICE.rounds[0]!, teams: [['m1'], ['m5']], matched: 2 }],
    });
    // Removing a member takes them out of the earlier rounds too.
    const removed = apply(draft, { type: 'removeMember', id: 'm1' });
    expect(removed.balance.rounds[0]!.teams).toEqual([['m5']]);
    // Removing a column takes it out of the members and the choice.
    const withoutSkill = apply(draft, { type: 'removeAttribute', key: 'skill' });
    expect(withoutSkill.attributes).toEqual([{ key: 'gender', kind: 'categorical' }]);
    expect(withoutSkill.balance.numeric).toEqual([]);
    expect(withoutSkill.members[0]).toEqual({
      id: 'm1',
      name: 'Member 1',
      email: 'member1@example.com',
      attributes: { gender: 'F' },
    });
    expect(apply(draft, { type: 'clear' })).toMatchObject({
      attributes: [],
      balance: EMPTY_BALANCE,
    });
  });
});

describe('a balanced outcome', () => {
  const draft = apply(imported(), { type: 'setBalance', balance: CHOICE });
  const input = balanceInputOf(draft, 'seed-1');
  const result = balanceTeams(input);
  const outcome = balancedOutcome(draft, result, false);
  const shuffled = apply(draft, { type: 'setOutcome', outcome });

  it('is what the worker computed, with its settings and steps, and reports against plain', () => {
    expect(isBalancing(draft.balance)).toBe(true);
    expect(shuffled.outcome).toEqual(outcome);
    expect(outcome.balance?.settings.steps).toBe(result.balance.steps);
    const report = outcomeReport(shuffled, outcome);
    expect(report).toEqual({ ...result.balance, stoppedBy: 'converged' });
    // Two earlier teams of 4 over 2 teams keep at least 2 pairs each: the bound, reached.
    expect(report?.repeats).toMatchObject({ achieved: 4, lowerBound: 4 });
  });

  it('saves a snapshot with e-mails, attributes and settings the server accepts', () => {
    const snapshot = shuffleSnapshot.parse(snapshotOf(shuffled));
    expect(snapshotProblems(snapshot)).toEqual([]);
    expect(snapshot.members[0]).toEqual({
      id: 'm1',
      name: 'Member 1',
      email: 'member1@example.com',
      attributes: { gender: 'F', skill: 1 },
    });
    // The server's replay: the same teams from the same input, seed and steps.
    const replay = balanceTeams({
      ...snapshot,
      teamCount: snapshot.groupSize,
      attributes: snapshot.attributes ?? [],
      balance: snapshot.balance!,
      maxSteps: snapshot.balance!.steps,
    });
    expect(replay.teams.map((team) => team.memberIds)).toEqual(
      snapshot.groups.map((group) => group.memberIds),
    );
  });

  it('survives local storage and comes back from a saved result', () => {
    const storage = new Map<string, string>();
    saveDraft({ setItem: (key: string, value: string) => void storage.set(key, value) }, shuffled);
    const loaded = loadDraft({ getItem: (key: string) => storage.get(key) ?? null });
    expect(loaded).toEqual(shuffled);

    const snapshot = shuffleSnapshot.parse(snapshotOf(shuffled));
    const fromSaved = draftFromSavedResult({ id: 'r9', title: 'Balanced', snapshot }, null);
    expect(fromSaved.outcome?.balance).toEqual({ settings: snapshot.balance, isCut: false });
    expect(fromSaved.balance.rounds).toEqual([
      expect.objectContaining({ kind: 'loaded', id: '1', teams: CHOICE.rounds[0]!.teams }),
    ]);
    expect(fromSaved.members).toEqual(shuffled.members);
  });

  it('drops stored settings that name attributes the draft does not have', () => {
    const stored = JSON.parse(JSON.stringify(shuffled)) as Record<string, unknown>;
    const rebuilt = buildDraft({ ...stored, attributes: [] });
    expect(rebuilt.outcome).toBeNull();
  });
});

describe('earlier rounds', () => {
  const current: DraftMember[] = [
    { id: 'a', name: 'Ann', email: 'ann@example.com' },
    { id: 'b', name: 'Ben' },
    { id: 'c', name: 'Cho' },
    { id: 'd', name: 'Cho' },
    { id: 'e', name: 'Eve', email: 'eve@example.com' },
  ];

  it('finds people by id, then e-mail, then a name unique on both sides', () => {
    const round = matchRound(current, {
      members: [
        { id: 'x1', name: 'Annie', email: 'ANN@example.com ' },
        { id: 'x2', name: 'Ben' },
        { id: 'x3', name: 'Cho' },
        { id: 'e', name: 'Someone' },
        { id: 'x5', name: 'Zed' },
      ],
      teams: [
        ['x1', 'x2'],
        ['x3', 'e', 'x5'],
      ],
    });
    // Cho is two people here, so neither is guessed; Zed is not on the list.
    expect(round).toEqual({ teams: [['a', 'b'], ['e']], matched: 3, total: 5 });
  });

  it('finds nobody twice', () => {
    const round = matchRound(current, {
      members: [
        { id: 'a', name: 'Ann' },
        { id: 'y', name: 'Ann', email: 'ann@example.com' },
      ],
      teams: [['a', 'y']],
    });
    expect(round).toEqual({ teams: [['a']], matched: 1, total: 2 });
  });
});
