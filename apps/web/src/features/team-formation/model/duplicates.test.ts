import { snapshotSharedEmail } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  draftReducer,
  EMPTY_DRAFT,
  memberLabels,
  repeatsIn,
  sameNameSuffix,
  sharedEmails,
  sharedNames,
  snapshotOf,
} from './draft';
import type { Draft, DraftAction, DraftMember } from './draft';
import { runShuffle } from './run-shuffle';

// Issue 23, one person, one roster entry, on /app: repeated names are warned about and told
// apart; a shared e-mail is found, can be removed, and is what Save Result checks.

function apply(draft: Draft, ...actions: DraftAction[]): Draft {
  return actions.reduce(draftReducer, draft);
}

const members: DraftMember[] = [
  { id: 'a', name: 'Ann Lee', email: 'ann@example.com' },
  { id: 'b', name: 'Ben' },
  { id: 'c', name: ' ann   LEE' },
  { id: 'd', name: 'Cy', email: ' ANN@example.com' },
  { id: 'e', name: 'ben' },
  { id: 'f', name: 'Ann Lee' },
];

describe('names two members share', () => {
  it('are the same whatever their case and spaces, and numbered apart in list order', () => {
    const draft = apply(EMPTY_DRAFT, { type: 'addMembers', members });
    const labels = memberLabels(draft.members);
    expect([...labels.values()]).toEqual([
      'Ann Lee (1)',
      'Ben (1)',
      'ann   LEE (2)',
      'Cy',
      'ben (2)',
      'Ann Lee (3)',
    ]);
    expect(sharedNames(draft.members)).toEqual([
      { name: 'Ann Lee', count: 3 },
      { name: 'Ben', count: 2 },
    ]);
    expect(sameNameSuffix('ann   LEE', labels.get('c'))).toBe('(2)');
    expect(sameNameSuffix('Cy', labels.get('d'))).toBeNull();
  });
});

describe('repeatsIn', () => {
  it('finds added names and e-mails the list has or the addition gives twice, once each', () => {
    const existing = members.slice(0, 2);
    expect(
      repeatsIn(existing, [
        { name: 'ANN lee' },
        { name: 'Dee', email: 'dee@example.com' },
        { name: 'dee ', email: 'Ann@Example.com ' },
        { name: 'Eve', email: 'DEE@example.com' },
        { name: 'ann lee' },
      ]),
    ).toEqual({ names: ['ANN lee', 'dee'], emails: ['ann@example.com', 'dee@example.com'] });
    expect(repeatsIn(existing, [{ name: 'Cy', email: 'cy@example.com' }])).toEqual({
      names: [],
      emails: [],
    });
  });
});

describe('shared e-mails', () => {
  it('are found (trimmed, any case), and freed by removing one member’s e-mail', () => {
    let draft = apply(
      EMPTY_DRAFT,
      { type: 'addMembers', members },
      { type: 'setTeamCount', teamCount: 2 },
    );
    expect(sharedEmails(draft.members)).toEqual([
      { email: 'ann@example.com', memberIds: ['a', 'd'] },
    ]);
    const shuffled = runShuffle(draft, 'seed-dup-1');
    if (!shuffled.ok) throw new Error('the shuffle failed');
    draft = apply(
      draft,
      { type: 'setOutcome', outcome: shuffled.outcome },
      { type: 'markSaved', savedAs: { id: 'r1', title: 'Week 1' } },
    );
    // What Save Result and Create Team check before sending: both members, with their teams.
    const shared = snapshotSharedEmail(snapshotOf(draft)!);
    expect(shared).toMatchObject({
      email: 'ann@example.com',
      holder: { id: 'a', name: 'Ann Lee' },
      member: { id: 'd', name: 'Cy' },
    });
    expect(shared?.holder.teamNumber).toEqual(expect.any(Number));

    const freed = apply(draft, { type: 'removeEmail', id: 'd' });
    expect(freed.members.find((member) => member.id === 'd')).toEqual({ id: 'd', name: 'Cy' });
    expect(sharedEmails(freed.members)).toEqual([]);
    expect(snapshotSharedEmail(snapshotOf(freed)!)).toBeNull();
    // The teams stay; the saved copy still has the e-mail, so it is no longer this.
    expect(freed.outcome?.groups).toEqual(draft.outcome?.groups);
    expect(freed.outcome?.savedAs).toBeNull();
    // A member without an e-mail, or one not in the list: nothing changes.
    expect(apply(freed, { type: 'removeEmail', id: 'd' })).toBe(freed);
    expect(apply(freed, { type: 'removeEmail', id: 'zz' })).toBe(freed);
  });
});
