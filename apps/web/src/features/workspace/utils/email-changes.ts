import { firstDuplicateEmail, normalizeEmail } from '@teamshuffle/domain';
import type { LeaderEmailEntry } from '../api/save-leader-emails';
import type { MemberEmailEntry } from '../api/save-team-member-emails';
import type { WorkspaceDetail, WorkspaceTeam } from '@teamshuffle/domain';

function sameEmail(current: string | null, value: string): boolean {
  return normalizeEmail(current ?? '') === normalizeEmail(value);
}

/**
 * Manage Team Member Emails: the rows to send, i.e. the ones whose e-mail changed (compared
 * trimmed and case-insensitively; a blank left blank is no change). The leader's row is never
 * sent: it is set in Settings.
 */
export function changedMemberEmails(
  rows: ReadonlyArray<{ memberId: string; email: string | null; isLeader: boolean }>,
  values: Readonly<Record<string, string>>,
): MemberEmailEntry[] {
  return rows.flatMap((row) => {
    const value = values[row.memberId];
    if (row.isLeader || value === undefined || sameEmail(row.email, value)) return [];
    return [{ memberId: row.memberId, email: value.trim() }];
  });
}

/** The current leader e-mail of a team ('' when there is no leader or no address). */
export function leaderEmailOf(detail: WorkspaceDetail, team: WorkspaceTeam): string {
  if (!team.leaderMemberId) return '';
  return detail.members.find((member) => member.id === team.leaderMemberId)?.email ?? '';
}

/**
 * Settings, Team Leaders: the teams whose leader e-mail changed. Teams without a leader have
 * nothing to set (the server would refuse it), so they are left out.
 */
export function changedLeaderEmails(
  detail: WorkspaceDetail,
  values: Readonly<Record<string, string>>,
): LeaderEmailEntry[] {
  return detail.teams.flatMap((team) => {
    const value = values[team.id];
    if (!team.leaderMemberId || value === undefined) return [];
    if (sameEmail(leaderEmailOf(detail, team), value)) return [];
    return [{ teamId: team.id, email: value.trim() }];
  });
}

/**
 * The first e-mail that two members of the workspace would share once `changes` are saved
 * (issue 23: one person, one roster entry), checked before sending as the server checks it: the
 * member who keeps it is the one who has it now, else the first in the request. Null if none.
 */
export function duplicateEmailAfter(
  detail: WorkspaceDetail,
  changes: ReadonlyArray<{ memberId: string; email: string }>,
): { email: string; holderId: string; memberId: string } | null {
  const changed = new Map(changes.map((change) => [change.memberId, change.email]));
  const duplicate = firstDuplicateEmail([
    ...detail.members
      .filter((member) => !changed.has(member.id))
      .map((member) => ({ id: member.id, email: member.email })),
    ...changes.map((change) => ({ id: change.memberId, email: change.email })),
  ]);
  return duplicate
    ? { email: duplicate.email, holderId: duplicate.holder.id, memberId: duplicate.other.id }
    : null;
}
