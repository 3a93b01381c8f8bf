import type { WorkspaceDetail, WorkspaceMember, WorkspaceTeam } from '@teamshuffle/domain';

/** The members of a team in roster order. */
export function teamMembers(detail: WorkspaceDetail, team: WorkspaceTeam): WorkspaceMember[] {
  const byId = new Map(detail.members.map((member) => [member.id, member]));
  return team.memberIds.flatMap((id) => {
    const member = byId.get(id);
    return member ? [member] : [];
  });
}

/** A team's leader member, if it has one. */
export function leaderOf(detail: WorkspaceDetail, team: WorkspaceTeam): WorkspaceMember | null {
  if (!team.leaderMemberId) return null;
  return detail.members.find((member) => member.id === team.leaderMemberId) ?? null;
}

/** The owner chooses leaders, for teams of more than one member (spec part 2, section 2). */
export function canChooseLeader(detail: WorkspaceDetail, team: WorkspaceTeam): boolean {
  return detail.role === 'owner' && team.memberIds.length > 1;
}

/** Manage Team Member Emails: the owner for any team, a member or leader for their own team. */
export function canManageTeamEmails(detail: WorkspaceDetail, team: WorkspaceTeam): boolean {
  if (detail.role === 'owner') return true;
  return (detail.role === 'leader' || detail.role === 'member') && detail.myTeamId === team.id;
}

/** Member names for a constraint (fixed pair or locked team), in its order. */
export function memberNames(detail: WorkspaceDetail, memberIds: readonly string[]): string[] {
  const byId = new Map(detail.members.map((member) => [member.id, member.name]));
  return memberIds.map((id) => byId.get(id) ?? '?');
}
