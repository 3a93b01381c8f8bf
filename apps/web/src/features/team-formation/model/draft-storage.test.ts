import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, draftReducer, newMembers } from './draft';
import type { Draft, DraftAction } from './draft';
import {
  DRAFT_STORAGE_KEY,
  buildDraft,
  draftFromSavedResult,
  loadDraft,
  saveDraft,
} from './draft-storage';
import { runShuffle } from './run-shuffle';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

function sampleDraft(): Draft {
  let next = 0;
  const id = () => `id-${++next}`;
  const actions: DraftAction[] = [
    { type: 'addMembers', members: newMembers(['Ada', 'Grace', 'Alan', 'Ada', 'Edsger'], id) },
    { type: 'setTeamCount', teamCount: 2 },
    { type: 'addConstraint', kind: 'fixedPair', id: 'p1', memberIds: ['id-1', 'id-2'] },
    { type: 'addConstraint', kind: 'lockedTeam', id: 'l1', memberIds: ['id-3'] },
    { type: 'addConstraint', kind: 'keepApart', id: 'k1', memberIds: ['id-1', 'id-4'] },
  ];
  let draft = actions.reduce(draftReducer, EMPTY_DRAFT);
  const attempt = runShuffle(draft, 'round-trip');
  if (attempt.ok) draft = draftReducer(draft, { type: 'setOutcome', outcome: attempt.outcome });
  return draft;
}

describe('local storage', () => {
  it('round-trips the whole draft, teams included', () => {
    const storage = new MemoryStorage();
    const draft = sampleDraft();
    expect(draft.outcome).not.toBeNull();
    saveDraft(storage, draft);
    expect(storage.items.has(DRAFT_STORAGE_KEY)).toBe(true);
    expect(loadDraft(storage)).toEqual(draft);
  });

  it('starts empty with nothing stored, unreadable data, another version or no storage', () => {
    const storage = new MemoryStorage();
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
    storage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ version: 99, members: [] }));
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
    expect(loadDraft(null)).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft(null, sampleDraft())).not.toThrow();
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadDraft(throwing)).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft(throwing, sampleDraft())).not.toThrow();
  });

  it('drops whatever names someone not in the list, so no phantom is ever placed', () => {
    const storage = new MemoryStorage();
    const draft = sampleDraft();
    storage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        ...draft,
        members: [...draft.members.filter((m) => m.id !== 'id-2'), { id: 'id-9', name: '  ' }],
        lockedTeams: [...draft.lockedTeams, { id: 'l2', memberIds: ['ghost'] }, { id: 'l3' }],
        teamCount: 'many',
      }),
    );
    const loaded = loadDraft(storage);
    expect(loaded.members.map((m) => m.id)).toEqual(['id-1', 'id-3', 'id-4', 'id-5']);
    expect(loaded.fixedPairs).toEqual([]);
    expect(loaded.lockedTeams).toEqual([{ id: 'l1', memberIds: ['id-3'] }]);
    expect(loaded.keepApart).toEqual([{ id: 'k1', memberIds: ['id-1', 'id-4'] }]);
    // The stored teams placed id-2, who is gone: they are dropped, not shown with a phantom.
    expect(loaded.outcome).toBeNull();
  });

  it('buildDraft turns anything that is not a draft into an empty one', () => {
    expect(buildDraft(null)).toEqual(EMPTY_DRAFT);
    expect(buildDraft('x')).toEqual(EMPTY_DRAFT);
    expect(buildDraft({ members: 'nope' }).members).toEqual([]);
  });
});

describe('a saved result loaded into the draft', () => {
  it('brings its members, constraints and teams, linked to the saved copy', () => {
    const draft = sampleDraft();
    const outcome = draft.outcome!;
    const loaded = draftFromSavedResult(
      {
        id: 'r1',
        title: 'Week 1',
        snapshot: {
          members: draft.members,
          groups: outcome.groups,
          groupSize: outcome.groups.length,
          fixedPairs: draft.fixedPairs,
          lockedTeams: draft.lockedTeams,
          keepApart: draft.keepApart,
          seed: outcome.seed,
        },
      },
      null,
    );
    expect(loaded).toEqual({
      ...draft,
      outcome: { ...outcome, savedAs: { id: 'r1', title: 'Week 1' } },
    });
  });
});
