import { describe, expect, it } from 'vitest';
import { changedLeaderEmails, changedMemberEmails, leaderEmailOf } from './email-changes';
import { buildWorkspaceDetail } from './workspace-fixture';

const rows = [
  { memberId: 'ann', email: 'ann@example.com', isLeader: true },
  { memberId: 'bob', email: null, isLeader: false },
  { memberId: 'cy', email: 'cy@example.com', isLeader: false },
  { memberId: 'dee', email: null, isLeader: false },
];

describe('member e-mail changes', () => {
  it('sends only the rows that changed, never the leader', () => {
    expect(
      changedMemberEmails(rows, {
        ann: 'other@example.com',
        bob: ' Bob@Example.com ',
        cy: ' CY@example.com',
        dee: '  ',
      }),
    ).toEqual([{ memberId: 'bob', email: 'Bob@Example.com' }]);
  });

  it('a cleared address is a change to blank', () => {
    expect(changedMemberEmails(rows, { cy: '' })).toEqual([{ memberId: 'cy', email: '' }]);
  });

  it('nothing changed: nothing to send', () => {
    expect(changedMemberEmails(rows, { bob: '', cy: 'cy@example.com' })).toEqual([]);
  });
});

describe('leader e-mail changes', () => {
  const detail = buildWorkspaceDetail();

  it("reads a team's current leader e-mail", () => {
    expect(leaderEmailOf(detail, detail.teams[0]!)).toBe('ann@example.com');
    expect(leaderEmailOf(detail, detail.teams[1]!)).toBe('');
  });

  it('sends changed teams that have a leader', () => {
    expect(changedLeaderEmails(detail, { t1: 'ANN@example.com', t2: 'x@example.com' })).toEqual([]);
    expect(changedLeaderEmails(detail, { t1: ' lead@example.com ' })).toEqual([
      { teamId: 't1', email: 'lead@example.com' },
    ]);
    expect(changedLeaderEmails(detail, { t1: '' })).toEqual([{ teamId: 't1', email: '' }]);
  });
});
