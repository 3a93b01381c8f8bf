import { describe, expect, it } from 'vitest';
import {
  canChooseLeader,
  canManageTeamEmails,
  leaderOf,
  memberNames,
  teamMembers,
} from './team-view';
import { buildWorkspaceDetail } from './workspace-fixture';

describe('team view', () => {
  const owner = buildWorkspaceDetail();
  const [team1, team2] = owner.teams as [(typeof owner.teams)[0], (typeof owner.teams)[0]];

  it('lists members and the leader', () => {
    expect(teamMembers(owner, team1).map((member) => member.name)).toEqual(['Ann', 'Bob']);
    expect(leaderOf(owner, team1)?.name).toBe('Ann');
    expect(leaderOf(owner, team2)).toBeNull();
    expect(memberNames(owner, ['dee', 'ann'])).toEqual(['Dee', 'Ann']);
  });

  it('only the owner chooses leaders, and only for teams of more than one member', () => {
    expect(canChooseLeader(owner, team1)).toBe(true);
    const solo = { ...team1, memberIds: ['ann'] };
    expect(canChooseLeader(owner, solo)).toBe(false);
    expect(canChooseLeader({ ...owner, role: 'leader' }, team1)).toBe(false);
  });

  it('member e-mails: the owner for any team, others for their own team only', () => {
    expect(canManageTeamEmails(owner, team2)).toBe(true);
    const member = { ...owner, role: 'member' as const, myTeamId: 't2' };
    expect(canManageTeamEmails(member, team2)).toBe(true);
    expect(canManageTeamEmails(member, team1)).toBe(false);
    const viewer = { ...owner, role: 'viewer' as const, myTeamId: 't2' };
    expect(canManageTeamEmails(viewer, team2)).toBe(false);
  });
});
