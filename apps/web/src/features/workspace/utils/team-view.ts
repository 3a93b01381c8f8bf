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

function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * How each member is shown where a name identifies them (issue 23: duplicate names shown apart).
 * A name no one else has stays as it is; a name shared (trimmed, case-insensitive) gets its team,
 * 'Ann (Team 1)'; if two with that name are in one team too (or in none), their place among the
 * same-named members in roster order is added, 'Ann (Team 1, 2)', or 'Ann (2)' without a team.
 */
export function memberDisplayNames(
  detail: WorkspaceDetail,
  format: MemberNameFormat = englishMemberName,
): Map<string, string> {
  const teamNumber = new Map(detail.teams.map((team) => [team.id, team.number]));
  const byName = new Map<string, WorkspaceMember[]>();
  for (const member of detail.members) {
    const key = nameKey(member.name);
    byName.set(key, [...(byName.get(key) ?? []), member]);
  }
  const names = new Map<string, string>();
  for (const same of byName.values()) {
    same.forEach((member, index) => {
      if (same.length === 1) return names.set(member.id, member.name);
      const number = member.teamId ? (teamNumber.get(member.teamId) ?? null) : null;
      const isTeamShared = same.some(
        (other) => other !== member && (other.teamId ?? null) === (member.teamId ?? null),
      );
      const place = number === null || isTeamShared ? index + 1 : null;
      names.set(member.id, format(member.name, number, place));
    });
  }
  return names;
}

/** Writes a shared name apart: with its team number, its place among the same-named, or both. */
export type MemberNameFormat = (name: string, team: number | null, place: number | null) => string;

/** The English form of `MemberNameFormat` ('Ann (Team 1)', 'Ann (Team 1, 2)', 'Ann (2)'). */
export const englishMemberName: MemberNameFormat = (name, team, place) => {
  if (team === null) return `${name} (${place ?? ''})`;
  return place === null ? `${name} (Team ${team})` : `${name} (Team ${team}, ${place})`;
};

/** Names that two or more members share (trimmed, case-insensitive), as the first one wrote it. */
export function duplicateNames(
  members: ReadonlyArray<{ name: string }>,
): Array<{ name: string; count: number }> {
  const seen = new Map<string, { name: string; count: number }>();
  for (const member of members) {
    const key = nameKey(member.name);
    if (!key) continue;
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { name: member.name.trim(), count: 1 });
  }
  return [...seen.values()].filter((entry) => entry.count > 1);
}
