import { randomInt } from 'node:crypto';
import {
  AppError,
  appError,
  isJoinCodeShape,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_INPUT_MAX,
  JOIN_CODE_LENGTH,
  type JoinClaimResult,
  type JoinOwnerView,
  type JoinPreview,
  type JoinSettingsInput,
  normalizeJoinCode,
  notificationText,
  type RosterJoinStatusView,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { listInvitations } from '../invitations/invitations.service.ts';
import { enqueueNotifications } from '../notifications/notifications.outbox.ts';
import { recordRosterEvent } from '../roster/roster.repository.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import * as repo from './joining.repository.ts';

// Students join on their own (issue 24, docs/decisions/0020-joining.md). A claim writes the
// student's verified e-mail onto the roster entry they pick: workspace access already follows a
// verified e-mail on the roster, so joining adds no access rule of its own.

/** Failed code look-ups one account may make per window before it is made to wait. */
export const GUESSES_PER_ACCOUNT = 10;
/** Failed code look-ups one address may make per window (a classroom shares one address). */
export const GUESSES_PER_ADDRESS = 50;
/** The window of both counts. */
export const GUESS_WINDOW_MS = 15 * 60 * 1000;

/** Who is joining: a signed-in, verified account and the address it asks from. */
export type Joiner = { user: SessionUser; ip: string };

/** A fresh code from crypto randomness, over the alphabet without look-alikes. */
export function generateJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) {
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  }
  return code;
}

async function makeCurrentCode(tx: Db, workspaceId: string): Promise<void> {
  await repo.retireCurrentCode(tx, workspaceId);
  // 31^8 codes: a collision is rare, and a taken code is simply drawn again.
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await repo.insertCode(tx, workspaceId, generateJoinCode())) return;
  }
  throw new Error('no free join code after 10 draws');
}

/** The owner's panel: the link, the requests waiting, the claims that stand. */
export async function getOwnerView(db: Db, workspaceId: string): Promise<JoinOwnerView> {
  const [link, requests, claims] = await Promise.all([
    repo.findLink(db, workspaceId),
    repo.listPending(db, workspaceId),
    repo.listClaims(db, workspaceId),
  ]);
  return {
    link,
    requests: requests.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    claims: claims
      .sort(
        (a, b) =>
          (a.teamNumber ?? Number.MAX_SAFE_INTEGER) - (b.teamNumber ?? Number.MAX_SAFE_INTEGER) ||
          a.position - b.position,
      )
      .map(({ position: _position, ...row }) => ({
        ...row,
        claimedAt: new Date(row.claimedAt).toISOString(),
      })),
  };
}

/** Turns the link or auto-approval on or off; turning the link on makes a code if none exists. */
export async function updateSettings(
  db: Db,
  access: Access,
  change: JoinSettingsInput,
): Promise<JoinOwnerView> {
  const workspaceId = access.workspace.id;
  await db.transaction(async (tx) => {
    await repo.saveSettings(tx, workspaceId, change);
    if (change.isEnabled && (await repo.findLink(tx, workspaceId)).code === null) {
      await makeCurrentCode(tx, workspaceId);
    }
  });
  return getOwnerView(db, workspaceId);
}

/** A new code: the old code and link stop working at once (they answer "replaced"). */
export async function regenerateCode(db: Db, access: Access): Promise<JoinOwnerView> {
  const workspaceId = access.workspace.id;
  await db.transaction(async (tx) => {
    await repo.lockWorkspace(tx, workspaceId);
    await makeCurrentCode(tx, workspaceId);
  });
  return getOwnerView(db, workspaceId);
}

/**
 * The workspace a typed code leads to, with guessing rate-limited per account and per address:
 * a code that is no code at all is refused by its shape; one that never existed counts as a
 * guess; a replaced code is refused with its own words (a link turned off is the caller's).
 */
async function resolveCode(db: Db, joiner: Joiner, rawCode: string): Promise<repo.CodeTarget> {
  if (!joiner.user.emailVerified) throw new AppError('join_needs_verified_email');
  const code = normalizeJoinCode(rawCode.slice(0, JOIN_CODE_INPUT_MAX + 1));
  if (rawCode.length > JOIN_CODE_INPUT_MAX || !isJoinCodeShape(code)) {
    throw new AppError('join_code_invalid', { field: 'code' });
  }
  const accountKey = `join:account:${joiner.user.id}`;
  const addressKey = `join:address:${joiner.ip}`;
  const [byAccount, byAddress] = await Promise.all([
    repo.readGuesses(db, [accountKey]),
    repo.readGuesses(db, [addressKey]),
  ]);
  if (byAccount >= GUESSES_PER_ACCOUNT || byAddress >= GUESSES_PER_ADDRESS) {
    throw appError('join_too_many_attempts', { minutes: GUESS_WINDOW_MS / 60_000 });
  }
  const target = await repo.findCode(db, code);
  if (!target) {
    await repo.countGuess(db, [accountKey, addressKey], GUESS_WINDOW_MS);
    throw new AppError('join_code_not_found');
  }
  if (!target.isCurrent) throw new AppError('join_code_replaced');
  // Whether the link is on is the caller's to check: a member is sent to the workspace either way.
  return target;
}

function isAlreadyIn(target: repo.CodeTarget, user: SessionUser, ownEntry: unknown): boolean {
  return target.ownerId === user.id || ownEntry !== undefined;
}

/** What a student sees at /join/{code}: already in, a request waiting, or the names to pick. */
export async function previewJoin(db: Db, joiner: Joiner, rawCode: string): Promise<JoinPreview> {
  const target = await resolveCode(db, joiner, rawCode);
  const workspace = { id: target.workspaceId, title: target.title };
  const ownEntry = await repo.findMemberByEmail(db, target.workspaceId, joiner.user.email);
  if (isAlreadyIn(target, joiner.user, ownEntry)) return { state: 'member', workspace };
  if (!target.isEnabled) throw new AppError('join_link_disabled');
  const pending = await repo.findPendingOfUser(db, target.workspaceId, joiner.user.id);
  if (pending) return { state: 'pending', workspace, request: pending };
  const unclaimed = await repo.listUnclaimed(db, target.workspaceId);
  const teams: { number: number | null; members: { id: string; name: string }[] }[] = [];
  for (const member of unclaimed) {
    let team = teams.at(-1);
    if (!team || team.number !== member.teamNumber) {
      team = { number: member.teamNumber, members: [] };
      teams.push(team);
    }
    team.members.push({ id: member.id, name: member.name });
  }
  return { state: 'choose', workspace, autoApprove: target.autoApprove, teams };
}

/**
 * A student picks their own name: a pending request for the owner, or (auto-approval) the claim
 * at once. One pending request per student per workspace; a name with an e-mail or a request of
 * someone else's is refused. The workspace row is locked first, so claims, answers and the
 * owner's own e-mail edits of one workspace happen one after another.
 */
export async function claimName(
  db: Db,
  joiner: Joiner,
  rawCode: string,
  memberId: string,
): Promise<JoinClaimResult> {
  const target = await resolveCode(db, joiner, rawCode);
  if (!target.isEnabled) throw new AppError('join_link_disabled');
  const { user } = joiner;
  return db.transaction(async (tx) => {
    await repo.lockWorkspace(tx, target.workspaceId);
    const ownEntry = await repo.findMemberByEmail(tx, target.workspaceId, user.email);
    if (isAlreadyIn(target, user, ownEntry)) throw new AppError('join_already_member');
    const pending = await repo.findPendingOfUser(tx, target.workspaceId, user.id);
    if (pending) {
      throw new AppError('join_request_pending', {
        message: `You already asked to join this workspace as ${pending.memberName}. Wait for the teacher to answer.`,
      });
    }
    const member = await repo.lockMember(tx, target.workspaceId, memberId);
    if (!member) throw new AppError('join_member_not_found', { field: 'memberId' });
    if (member.email !== null || member.isRequested) throw new AppError('join_name_taken');

    if (target.autoApprove) {
      if (!(await repo.writeClaimedEmail(tx, member.id, user.email))) {
        throw new AppError('join_name_taken');
      }
      const requestId = await repo.insertRequest(tx, {
        workspaceId: target.workspaceId,
        memberId: member.id,
        userId: user.id,
        email: user.email,
        status: 'approved',
      });
      // A claim is a roster change: the activity log has it (decision 0019), by the student.
      await recordRosterEvent(tx, {
        workspaceId: target.workspaceId,
        actorId: user.id,
        kind: 'member_claimed',
        memberId: member.id,
        memberName: member.name,
        before: { email: null },
        after: { email: user.email },
      });
      await enqueueNotifications(tx, [
        {
          key: `join_claimed:${requestId}`,
          userId: target.ownerId,
          type: 'team_member_joined',
          title: `${user.name} joined ${target.title}`,
          message: `They claimed the name ${member.name} with the join link.`,
          data: {
            workspaceId: target.workspaceId,
            text: notificationText('linkJoined', {
              name: user.name,
              member: member.name,
              workspace: target.title,
            }),
          },
        },
      ]);
      return { state: 'joined', workspaceId: target.workspaceId, memberName: member.name };
    }

    const requestId = await repo.insertRequest(tx, {
      workspaceId: target.workspaceId,
      memberId: member.id,
      userId: user.id,
      email: user.email,
      status: 'pending',
    });
    await enqueueNotifications(tx, [
      {
        key: `join_requested:${requestId}`,
        userId: target.ownerId,
        type: 'workspace_join_requested',
        title: `${user.name} asked to join ${target.title}`,
        message: `They picked the name ${member.name}. Approve or reject the request on the join page.`,
        data: {
          workspaceId: target.workspaceId,
          text: notificationText('joinRequested', {
            name: user.name,
            member: member.name,
            workspace: target.title,
          }),
        },
      },
    ]);
    return { state: 'pending', workspaceId: target.workspaceId, memberName: member.name };
  });
}

/**
 * A student withdraws their own pending request at /join/{code}: the name is offered again and
 * the owner no longer sees the request. Only the student who asked can (another student's or
 * the owner's call finds no request of theirs: `join_request_not_found`). Allowed while the link
 * is off: taking a request back needs no open door.
 */
export async function withdrawRequest(
  db: Db,
  joiner: Joiner,
  rawCode: string,
  requestId: string,
): Promise<void> {
  const target = await resolveCode(db, joiner, rawCode);
  await db.transaction(async (tx) => {
    await repo.lockWorkspace(tx, target.workspaceId);
    if (!(await repo.deletePendingRequestOf(tx, target.workspaceId, requestId, joiner.user.id))) {
      throw new AppError('join_request_not_found');
    }
  });
}

/**
 * The owner approves a request: the student's verified e-mail (as it is now) goes onto the roster
 * entry, which gives them access; the student is told.
 */
export async function approveRequest(
  db: Db,
  access: Access,
  ownerId: string,
  requestId: string,
): Promise<JoinOwnerView> {
  const workspaceId = access.workspace.id;
  await db.transaction(async (tx) => {
    await repo.lockWorkspace(tx, workspaceId);
    const request = await repo.lockPendingRequest(tx, workspaceId, requestId);
    if (!request) throw new AppError('join_request_not_found');
    if (!request.isUserVerified) throw new AppError('join_needs_verified_email');
    if (request.memberEmail !== null) throw new AppError('join_name_taken');
    const existing = await repo.findMemberByEmail(tx, workspaceId, request.userEmail);
    if (existing) {
      throw new AppError('join_already_member', {
        message: `${request.userEmail} is already on the roster as ${existing.name}. Reject this request.`,
      });
    }
    if (!(await repo.writeClaimedEmail(tx, request.memberId, request.userEmail))) {
      throw new AppError('join_name_taken');
    }
    await repo.decideRequest(tx, request.id, 'approved', ownerId, request.userEmail);
    // A claim is a roster change: the activity log has it (decision 0019), by the owner.
    await recordRosterEvent(tx, {
      workspaceId,
      actorId: ownerId,
      kind: 'member_claimed',
      memberId: request.memberId,
      memberName: request.memberName,
      before: { email: null },
      after: { email: request.userEmail },
    });
    await enqueueNotifications(tx, [
      {
        key: `join_approved:${request.id}`,
        userId: request.userId,
        type: 'workspace_join_approved',
        title: `You joined ${access.workspace.title}`,
        message: `Your teacher approved you as ${request.memberName}.`,
        data: {
          workspaceId,
          text: notificationText('joinApproved', {
            member: request.memberName,
            workspace: access.workspace.title,
          }),
        },
      },
    ]);
  });
  return getOwnerView(db, workspaceId);
}

/** The owner rejects a request: the name is free again, the student is told. */
export async function rejectRequest(
  db: Db,
  access: Access,
  ownerId: string,
  requestId: string,
): Promise<JoinOwnerView> {
  const workspaceId = access.workspace.id;
  await db.transaction(async (tx) => {
    await repo.lockWorkspace(tx, workspaceId);
    const request = await repo.lockPendingRequest(tx, workspaceId, requestId);
    if (!request) throw new AppError('join_request_not_found');
    await repo.decideRequest(tx, request.id, 'rejected', ownerId);
    // No workspace in the data: the student has no access to open.
    await enqueueNotifications(tx, [
      {
        key: `join_rejected:${request.id}`,
        userId: request.userId,
        type: 'workspace_join_rejected',
        title: `Your request to join ${access.workspace.title} was declined`,
        message: `You asked for the name ${request.memberName}. Ask your teacher if this is a mistake.`,
        data: {
          text: notificationText('joinDeclined', {
            member: request.memberName,
            workspace: access.workspace.title,
          }),
        },
      },
    ]);
  });
  return getOwnerView(db, workspaceId);
}

/**
 * The owner undoes a claim made through joining: the entry's e-mail is cleared when it is still
 * the one the claim wrote. An e-mail the owner typed is never touched (it is no claim).
 */
export async function undoClaimOf(
  db: Db,
  access: Access,
  ownerId: string,
  memberId: string,
): Promise<JoinOwnerView> {
  const workspaceId = access.workspace.id;
  await db.transaction(async (tx) => {
    await repo.lockWorkspace(tx, workspaceId);
    const claim = await repo.lockActiveClaim(tx, workspaceId, memberId);
    if (!claim) throw new AppError('join_claim_not_found');
    await repo.undoClaim(tx, claim.id, memberId);
    // Undoing a claim is a roster change: the activity log has it (decision 0019).
    await recordRosterEvent(tx, {
      workspaceId,
      actorId: ownerId,
      kind: 'member_claim_undone',
      memberId,
      memberName: claim.memberName,
      before: { email: claim.email },
      after: { email: null },
    });
  });
  return getOwnerView(db, workspaceId);
}

/**
 * Each member as invited / requested / joined / none, for the owner's panels, with the state of
 * the invitation mail to their e-mail as the invitations module has it (decision 0021), so one
 * badge can say both.
 */
export async function rosterStatus(db: Db, access: Access): Promise<RosterJoinStatusView> {
  const [rows, invitations] = await Promise.all([
    repo.listRosterStatus(db, access.workspace.id),
    listInvitations(db, access),
  ]);
  const invitationOf = new Map(invitations.map((item) => [item.memberId, item.status]));
  return {
    members: rows.map((row) => {
      const isJoined = row.hasEmail && (row.isClaimed || row.hasAccount);
      const status = row.isRequested
        ? 'requested'
        : isJoined
          ? 'joined'
          : row.hasEmail
            ? 'invited'
            : 'none';
      return {
        memberId: row.memberId,
        name: row.name,
        teamNumber: row.teamNumber,
        status,
        joinedBy: status === 'joined' ? (row.isClaimed ? 'claim' : 'email') : null,
        invitation: row.hasEmail ? (invitationOf.get(row.memberId) ?? 'not_sent') : null,
      };
    }),
  };
}
