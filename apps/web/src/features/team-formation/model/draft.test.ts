import { MEMBER_NAME_MAX_LENGTH, snapshotProblems } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  DRAFT_MEMBERS_MAX,
  EMPTY_DRAFT,
  constraintKindsByMember,
  constraintProblem,
  draftReducer,
  memberLabels,
  newMembers,
  parseBulkNames,
  snapshotOf,
} from './draft';
import type { Draft, DraftAction } from './draft';
import { runShuffle } from './run-shuffle';

function counter(prefix = 'm') {
  let next = 0;
  return () => `${prefix}${++next}`;
}

function apply(draft: Draft, ...actions: DraftAction[]): Draft {
  return actions.reduce(draftReducer, draft);
}

/** Ada, Grace, Alan, Edsger, Barbara, Alan (a second Alan): ids m1..m6. */
function sixMembers(): Draft {
  const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Alan'];
  return apply(EMPTY_DRAFT, { type: 'addMembers', members: newMembers(names, counter()) });
}

function withConstraints(): Draft {
  return apply(
    sixMembers(),
    { type: 'addConstraint', kind: 'fixedPair', id: 'p1', memberIds: ['m1', 'm2'] },
    { type: 'addConstraint', kind: 'lockedTeam', id: 'l1', memberIds: ['m3', 'm4'] },
    { type: 'addConstraint', kind: 'lockedTeam', id: 'l2', memberIds: ['m5'] },
    { type: 'addConstraint', kind: 'keepApart', id: 'k1', memberIds: ['m1', 'm6'] },
  );
}

/** Every id any constraint or team names is a member of the list. */
function expectNoPhantoms(draft: Draft) {
  const ids = new Set(draft.members.map((member) => member.id));
  const named = [
    ...draft.fixedPairs.flatMap((c) => c.memberIds),
    ...draft.lockedTeams.flatMap((c) => c.memberIds),
    ...draft.keepApart.flatMap((c) => c.memberIds),
    ...(draft.outcome?.groups.flatMap((group) => group.memberIds) ?? []),
  ];
  for (const id of named) expect(ids.has(id), `${id} is in the list`).toBe(true);
}

describe('bulk add', () => {
  it('takes one name per line, trims them and drops blank lines', () => {
    expect(parseBulkNames('Ada\n\n  Grace  \r\n   \r\nAlan\rEdsger\n')).toEqual([
      'Ada',
      'Grace',
      'Alan',
      'Edsger',
    ]);
    expect(parseBulkNames(' \n\n')).toEqual([]);
  });

  it('adds every name as its own member, repeated names included', () => {
    const draft = apply(EMPTY_DRAFT, {
      type: 'addMembers',
      members: newMembers(parseBulkNames('Ada\nAda\n\nGrace'), counter()),
    });
    expect(draft.members).toEqual([
      { id: 'm1', name: 'Ada' },
      { id: 'm2', name: 'Ada' },
      { id: 'm3', name: 'Grace' },
    ]);
  });

  it('refuses blank and over-long names and repeated ids, and stops at the list maximum', () => {
    const draft = apply(EMPTY_DRAFT, {
      type: 'addMembers',
      members: [
        { id: 'a', name: '  ' },
        { id: 'b', name: 'x'.repeat(MEMBER_NAME_MAX_LENGTH + 1) },
        { id: 'c', name: ' Cleo ' },
        { id: 'c', name: 'Again' },
      ],
    });
    expect(draft.members).toEqual([{ id: 'c', name: 'Cleo' }]);

    const many = newMembers(
      Array.from({ length: DRAFT_MEMBERS_MAX + 5 }, (_, i) => `P${i}`),
      counter('p'),
    );
    expect(apply(EMPTY_DRAFT, { type: 'addMembers', members: many }).members).toHaveLength(
      DRAFT_MEMBERS_MAX,
    );
  });
});

describe('rename and remove keep the constraints true', () => {
  it('a rename shows in every constraint and team (they name members by id)', () => {
    const shuffled = shuffle(withConstraints(), 'seed-1');
    const renamed = apply(shuffled, { type: 'renameMember', id: 'm1', name: '  Ada L.  ' });
    expect(renamed.members[0]).toEqual({ id: 'm1', name: 'Ada L.' });
    expect(renamed.fixedPairs).toEqual(shuffled.fixedPairs);
    // The teams stay (same people) but are no longer the saved copy.
    expect(renamed.outcome?.groups).toEqual(shuffled.outcome?.groups);
    expect(snapshotOf(renamed)?.members[0]?.name).toBe('Ada L.');
  });

  it('a blank rename changes nothing', () => {
    const draft = sixMembers();
    expect(apply(draft, { type: 'renameMember', id: 'm1', name: '   ' })).toBe(draft);
  });

  it('a rename forgets the saved copy, since the names no longer match it', () => {
    const saved = apply(shuffle(withConstraints(), 's'), {
      type: 'markSaved',
      savedAs: { id: 'r1', title: 'Week 1' },
    });
    expect(saved.outcome?.savedAs).toEqual({ id: 'r1', title: 'Week 1' });
    const renamed = apply(saved, { type: 'renameMember', id: 'm2', name: 'Grace H.' });
    expect(renamed.outcome?.savedAs).toBeNull();
  });

  it('removing a member removes the pairs that name them and takes them out of locked teams', () => {
    const draft = apply(withConstraints(), { type: 'removeMember', id: 'm1' });
    expect(draft.fixedPairs).toEqual([]);
    expect(draft.keepApart).toEqual([]);
    expect(draft.lockedTeams).toHaveLength(2);
    const afterTwo = apply(draft, { type: 'removeMember', id: 'm3' });
    expect(afterTwo.lockedTeams).toEqual([
      { id: 'l1', memberIds: ['m4'] },
      { id: 'l2', memberIds: ['m5'] },
    ]);
    // A locked team left with nobody goes.
    const afterThree = apply(afterTwo, { type: 'removeMember', id: 'm5' });
    expect(afterThree.lockedTeams).toEqual([{ id: 'l1', memberIds: ['m4'] }]);
    expectNoPhantoms(afterThree);
  });

  it('removing a member drops the teams, so nobody removed is ever placed', () => {
    const shuffled = shuffle(withConstraints(), 'seed-2');
    expect(shuffled.outcome).not.toBeNull();
    const draft = apply(shuffled, { type: 'removeMember', id: 'm6' });
    expect(draft.outcome).toBeNull();
    expectNoPhantoms(draft);
  });

  it('no sequence of actions leaves a constraint or team naming someone not in the list', () => {
    const ids = counter('x');
    let draft = sixMembers();
    // A fixed pseudo-random walk over every action.
    let state = 7;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = () => draft.members[Math.floor(random() * draft.members.length)]?.id ?? 'none';
    for (let i = 0; i < 400; i++) {
      const roll = random();
      let action: DraftAction;
      if (roll < 0.2) action = { type: 'addMembers', members: newMembers(['N'], ids) };
      else if (roll < 0.35) action = { type: 'removeMember', id: pick() };
      else if (roll < 0.45) action = { type: 'renameMember', id: pick(), name: `R${i}` };
      else if (roll < 0.55)
        action = {
          type: 'addConstraint',
          kind: 'fixedPair',
          id: ids(),
          memberIds: [pick(), pick()],
        };
      else if (roll < 0.65)
        action = {
          type: 'addConstraint',
          kind: 'keepApart',
          id: ids(),
          memberIds: [pick(), pick()],
        };
      else if (roll < 0.75)
        action = { type: 'addConstraint', kind: 'lockedTeam', id: ids(), memberIds: [pick()] };
      else if (roll < 0.8)
        action = { type: 'setTeamCount', teamCount: 2 + Math.floor(random() * 3) };
      else if (roll < 0.85) action = { type: 'addMembers', members: [{ id: 'ghost', name: '' }] };
      else {
        draft = shuffle(draft, `walk-${i}`);
        expectNoPhantoms(draft);
        continue;
      }
      draft = draftReducer(draft, action);
      expectNoPhantoms(draft);
      const snapshot = snapshotOf(draft);
      if (snapshot) expect(snapshotProblems(snapshot)).toEqual([]);
    }
  });
});

describe('constraints', () => {
  it('a pair needs exactly two different members of the list, a locked team at least one', () => {
    const draft = sixMembers();
    expect(constraintProblem(draft, 'fixedPair', ['m1'])).toBe('count');
    expect(constraintProblem(draft, 'fixedPair', ['m1', 'm1'])).toBe('count');
    expect(constraintProblem(draft, 'fixedPair', ['m1', 'm2', 'm3'])).toBe('count');
    expect(constraintProblem(draft, 'keepApart', ['m1', 'nobody'])).toBe('unknown');
    expect(constraintProblem(draft, 'lockedTeam', [])).toBe('count');
    expect(constraintProblem(draft, 'lockedTeam', ['m1'])).toBeNull();
    expect(constraintProblem(draft, 'fixedPair', ['m1', 'm2'])).toBeNull();
    const withPair = apply(draft, {
      type: 'addConstraint',
      kind: 'fixedPair',
      id: 'p1',
      memberIds: ['m1', 'm2'],
    });
    expect(constraintProblem(withPair, 'fixedPair', ['m2', 'm1'])).toBe('duplicate');
    // The same two may still be kept apart as a different kind (the engine reports the clash).
    expect(constraintProblem(withPair, 'keepApart', ['m2', 'm1'])).toBeNull();
    expect(
      apply(withPair, {
        type: 'addConstraint',
        kind: 'fixedPair',
        id: 'p1',
        memberIds: ['m3', 'm4'],
      }),
    ).toBe(withPair);
  });

  it('can be removed, and say which members they name', () => {
    const draft = withConstraints();
    const kinds = constraintKindsByMember(draft);
    expect([...(kinds.get('m1') ?? [])]).toEqual(['fixedPair', 'keepApart']);
    expect([...(kinds.get('m3') ?? [])]).toEqual(['lockedTeam']);
    expect(kinds.has('m6')).toBe(true);
    const fewer = apply(
      draft,
      { type: 'removeConstraint', kind: 'fixedPair', id: 'p1' },
      { type: 'removeConstraint', kind: 'lockedTeam', id: 'l2' },
      { type: 'removeConstraint', kind: 'keepApart', id: 'k1' },
    );
    expect(fewer.fixedPairs).toEqual([]);
    expect(fewer.keepApart).toEqual([]);
    expect(fewer.lockedTeams.map((team) => team.id)).toEqual(['l1']);
  });
});

describe('number of teams', () => {
  it('is 2 to 10 and falls back to 4 for anything that is not a number', () => {
    const draft = sixMembers();
    expect(apply(draft, { type: 'setTeamCount', teamCount: 1 }).teamCount).toBe(2);
    expect(apply(draft, { type: 'setTeamCount', teamCount: '12' }).teamCount).toBe(10);
    expect(apply(draft, { type: 'setTeamCount', teamCount: 3 }).teamCount).toBe(3);
    expect(apply(draft, { type: 'setTeamCount', teamCount: '' }).teamCount).toBe(4);
    expect(apply(draft, { type: 'setTeamCount', teamCount: 'abc' }).teamCount).toBe(4);
  });
});

describe('labels', () => {
  it('tell repeated names apart and leave unique names alone', () => {
    const labels = memberLabels(sixMembers().members);
    expect(labels.get('m1')).toBe('Ada');
    expect(labels.get('m3')).toBe('Alan (1)');
    expect(labels.get('m6')).toBe('Alan (2)');
  });
});

describe('outcome', () => {
  it('is refused when it does not place exactly the members in the chosen number of teams', () => {
    const draft = apply(sixMembers(), { type: 'setTeamCount', teamCount: 2 });
    const ok = { seed: 's', unevenReason: null, savedAs: null };
    const bad = [
      {
        groups: [
          { number: 1, memberIds: ['m1', 'm2', 'm3'] },
          { number: 2, memberIds: ['m4', 'm5'] },
        ],
      },
      {
        groups: [
          { number: 1, memberIds: ['m1', 'm2', 'm3'] },
          { number: 2, memberIds: ['m4', 'm5', 'm6', 'ghost'] },
        ],
      },
      {
        groups: [
          { number: 1, memberIds: ['m1', 'm2', 'm3', 'm4'] },
          { number: 2, memberIds: ['m4', 'm5', 'm6'] },
        ],
      },
      { groups: [{ number: 1, memberIds: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'] }] },
      {
        groups: [
          { number: 2, memberIds: ['m1', 'm2', 'm3'] },
          { number: 1, memberIds: ['m4', 'm5', 'm6'] },
        ],
      },
    ];
    for (const outcome of bad) {
      expect(apply(draft, { type: 'setOutcome', outcome: { ...ok, ...outcome } })).toBe(draft);
    }
  });

  it('goes with any change of members, constraints or number of teams', () => {
    const shuffled = shuffle(withConstraints(), 'seed-3');
    const changes: DraftAction[] = [
      { type: 'addMembers', members: [{ id: 'new', name: 'Newcomer' }] },
      { type: 'setTeamCount', teamCount: shuffled.teamCount + 1 },
      { type: 'addConstraint', kind: 'keepApart', id: 'k2', memberIds: ['m2', 'm5'] },
      { type: 'removeConstraint', kind: 'fixedPair', id: 'p1' },
      { type: 'clear' },
    ];
    for (const change of changes) expect(apply(shuffled, change).outcome).toBeNull();
  });

  it('gives a snapshot the server accepts', () => {
    const shuffled = shuffle(withConstraints(), 'seed-4');
    const snapshot = snapshotOf(shuffled);
    expect(snapshot).not.toBeNull();
    expect(snapshot?.groupSize).toBe(shuffled.teamCount);
    expect(snapshot?.seed).toBe('seed-4');
    expect(snapshotProblems(snapshot!)).toEqual([]);
    expect(snapshotOf(sixMembers())).toBeNull();
  });
});

function shuffle(draft: Draft, seed: string): Draft {
  const attempt = runShuffle(draft, seed);
  return attempt.ok ? draftReducer(draft, { type: 'setOutcome', outcome: attempt.outcome }) : draft;
}
