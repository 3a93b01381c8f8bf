import {
  AppError,
  appError,
  memberLabel,
  normalizeEmail,
  type Language,
  type RosterChangeResult,
  type RosterLogPage,
  type TeamMembershipPeriod,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import { inviteAddedEmails } from '../invitations/invitations.service.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import {
  clearLeadership,
  deleteMember,
  findEmailHolder,
  findTeam,
  insertMember,
  loadMemberships,
  loadRosterLog,
  lockMember,
  lockWorkspace,
  moveIndividualWork,
  namesInTeam,
  recordRosterEvent,
  setMemberName,
  setMemberTeam,
} from './roster.repository.ts';

// The owner's roster changes in a running workspace (issue 24, decision 0019). The route's guard
// checked `manageRoster` (the owner); each change is one transaction: the roster rows, the work
// that follows the person, and the activity log entry commit together or not at all.

/** Who makes the change, and where. */
/** The owner making a roster change, and the language their invitations are written in. */
export type RosterActor = { access: Access; userId: string; language: Language };

function memberNotFound(): AppError {
  return new AppError('roster_member_not_found', { field: 'memberId' });
}

function teamNotFound(): AppError {
  return new AppError('team_not_found', { field: 'teamId' });
}

/** Add a member (with or without e-mail, into a team or none). */
export async function addMember(
  db: Db,
  { access, userId, language }: RosterActor,
  input: { name: string; email?: string | undefined; teamId: string | null },
): Promise<RosterChangeResult> {
  const workspaceId = access.workspace.id;
  const email = input.email ? normalizeEmail(input.email) : null;
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const team = input.teamId === null ? null : await findTeam(tx, workspaceId, input.teamId);
    if (input.teamId !== null && !team) throw teamNotFound();
    if (email !== null) {
      // One person, one roster entry (issue 23): said with both names, as Manage Emails does.
      const holder = await findEmailHolder(tx, workspaceId, email);
      if (holder) {
        throw appError(
          'duplicate_member_email',
          {
            email,
            holder: memberLabel(holder.name, holder.teamNumber),
            member: memberLabel(input.name, team?.number ?? null),
          },
          { field: 'email' },
        );
      }
    }
    const memberId = await insertMember(tx, {
      workspaceId,
      name: input.name,
      email,
      teamId: team?.id ?? null,
    });
    await recordRosterEvent(tx, {
      workspaceId,
      actorId: userId,
      kind: 'member_added',
      memberId,
      memberName: input.name,
      before: null,
      after: { name: input.name, email, teamNumber: team?.number ?? null },
    });
    // An address added here is invited like one typed in Manage Emails (decision 0021).
    if (email !== null) await inviteAddedEmails(tx, workspaceId, language, [{ memberId, email }]);
    return {
      memberId,
      name: input.name,
      teamNumber: team?.number ?? null,
      isChanged: true,
      leaderOfTeamNumber: null,
      individualWorkMoved: 0,
    };
  });
}

/**
 * Move a member to another team. A leader stops leading the old team; the member's individual
 * answers follow them to the new team; the old team's team answers and grades stay with it.
 * Moving a member to the team they are in changes nothing (a retry, or two owners at once).
 */
export async function moveMember(
  db: Db,
  { access, userId }: RosterActor,
  memberId: string,
  teamId: string,
): Promise<RosterChangeResult> {
  const workspaceId = access.workspace.id;
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const member = await lockMember(tx, workspaceId, memberId);
    if (!member) throw memberNotFound();
    const team = await findTeam(tx, workspaceId, teamId);
    if (!team) throw teamNotFound();
    if (member.teamId === team.id) {
      return {
        memberId: member.id,
        name: member.name,
        teamNumber: team.number,
        isChanged: false,
        leaderOfTeamNumber: null,
        individualWorkMoved: 0,
      };
    }
    const teamThen = member.teamId === null ? null : await namesInTeam(tx, member.teamId);
    const ledTeam = await clearLeadership(tx, member.id);
    // Counted here, before the team changes: the member's new team would bring the same answers
    // along by itself (migration 0035's trigger), and the owner is told how many moved.
    const moved =
      member.email === null ? 0 : await moveIndividualWork(tx, workspaceId, member.email, team.id);
    await setMemberTeam(tx, member.id, team.id);
    await recordRosterEvent(tx, {
      workspaceId,
      actorId: userId,
      kind: 'member_moved',
      memberId: member.id,
      memberName: member.name,
      before: { teamNumber: member.teamNumber, leaderOfTeamNumber: ledTeam },
      after: { teamNumber: team.number, leaderOfTeamNumber: null },
      teamThen,
    });
    return {
      memberId: member.id,
      name: member.name,
      teamNumber: team.number,
      isChanged: true,
      leaderOfTeamNumber: ledTeam,
      individualWorkMoved: moved,
    };
  });
}

/** Rename a member (the same name again changes nothing). */
export async function renameMember(
  db: Db,
  { access, userId }: RosterActor,
  memberId: string,
  name: string,
): Promise<RosterChangeResult> {
  const workspaceId = access.workspace.id;
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const member = await lockMember(tx, workspaceId, memberId);
    if (!member) throw memberNotFound();
    const isChanged = member.name !== name;
    if (isChanged) {
      await setMemberName(tx, member.id, name);
      await recordRosterEvent(tx, {
        workspaceId,
        actorId: userId,
        kind: 'member_renamed',
        memberId: member.id,
        memberName: name,
        before: { name: member.name },
        after: { name },
      });
    }
    return {
      memberId: member.id,
      name,
      teamNumber: member.teamNumber,
      isChanged,
      leaderOfTeamNumber: null,
      individualWorkMoved: 0,
    };
  });
}

/**
 * Remove a member from the course. The roster entry goes (so their access goes); what they
 * handed in stays: team answers with their team, individual answers with the team they were in,
 * shown as by a member who left the course. A leader stops leading.
 */
export async function removeMember(
  db: Db,
  { access, userId }: RosterActor,
  memberId: string,
): Promise<RosterChangeResult> {
  const workspaceId = access.workspace.id;
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const member = await lockMember(tx, workspaceId, memberId);
    if (!member) throw memberNotFound();
    const teamThen = member.teamId === null ? null : await namesInTeam(tx, member.teamId);
    // Cleared before the row goes, so the leader-change entry still names the member.
    const ledTeam = await clearLeadership(tx, member.id);
    await deleteMember(tx, member.id);
    await recordRosterEvent(tx, {
      workspaceId,
      actorId: userId,
      kind: 'member_removed',
      memberId: member.id,
      memberName: member.name,
      before: {
        name: member.name,
        email: member.email,
        teamNumber: member.teamNumber,
        leaderOfTeamNumber: ledTeam,
      },
      after: null,
      teamThen,
    });
    return {
      memberId: member.id,
      name: member.name,
      teamNumber: null,
      isChanged: true,
      leaderOfTeamNumber: ledTeam,
      individualWorkMoved: 0,
    };
  });
}

/** The activity log, newest first, one page. */
export async function readRosterLog(
  db: Db,
  access: Access,
  query: { before?: string | undefined; limit: number },
): Promise<RosterLogPage> {
  return loadRosterLog(db, access.workspace.id, query.before, query.limit);
}

/** Who was in which team when (every period, newest first). */
export async function readMemberships(db: Db, access: Access): Promise<TeamMembershipPeriod[]> {
  return loadMemberships(db, access.workspace.id);
}
