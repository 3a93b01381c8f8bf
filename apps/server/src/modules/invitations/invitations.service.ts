import {
  AppError,
  appError,
  INVITATION_RESEND_MINUTES,
  INVITATIONS_PER_OWNER_PER_DAY,
  type InvitationStatus,
  type InvitationView,
  type InvitationsResent,
  isUuid,
  type Language,
  normalizeEmail,
  notificationText,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import { enqueueNotifications } from '../notifications/notifications.outbox.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import { invitationNotification } from './invitations.mails.ts';
import {
  type InvitationEntry,
  type InvitationStatusRow,
  invitationStatusRows,
  lockWorkspaceRow,
  queueInvitations,
  verifiedAccountsByEmail,
  workspaceForInvitation,
} from './invitations.repository.ts';

const RESEND_MS = INVITATION_RESEND_MINUTES * 60_000;

/**
 * Inside the transaction `tx` of the owner's action that put these addresses on the roster: a
 * mail to each (in the owner's `language`), and a `workspace_invited` notification to each one a
 * verified account already has. The owner's own address is not invited; a member mailed less than
 * INVITATION_RESEND_MINUTES ago at the same address is not mailed again (a retried request).
 */
export async function inviteAddedEmails(
  tx: Db,
  workspaceId: string,
  language: Language,
  entries: readonly InvitationEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const workspace = await workspaceForInvitation(tx, workspaceId);
  if (!workspace) return;
  const ownerEmail = normalizeEmail(workspace.ownerEmail);
  const invited = entries
    .map((entry) => ({ memberId: entry.memberId, email: normalizeEmail(entry.email) }))
    .filter((entry) => entry.email !== '' && entry.email !== ownerEmail);
  await lockWorkspaceRow(tx, workspaceId);
  const queued = new Set(await queueInvitations(tx, workspaceId, language, invited));
  const accounts = await verifiedAccountsByEmail(
    tx,
    invited.filter((entry) => queued.has(entry.memberId)).map((entry) => entry.email),
  );
  const words = invitationNotification(language, workspace.ownerName, workspace.title);
  await enqueueNotifications(
    tx,
    accounts.map((account) => ({
      // The key the roster-join notification uses (notifications.service.ts): an account told
      // here is not told again when it verifies, and the other way round.
      key: `workspace_invited:${workspaceId}:${account.id}`,
      userId: account.id,
      type: 'workspace_invited',
      title: words.title,
      message: words.message,
      // Read in the invitee's own language (decision 0041); the title above is the owner's.
      data: {
        workspaceId,
        text: notificationText('invited', {
          owner: workspace.ownerName,
          workspace: workspace.title,
        }),
      },
    })),
  );
}

function time(value: Date | string | null): number | null {
  return value === null ? null : new Date(value).getTime();
}

function statusOf(row: InvitationStatusRow, now: number): InvitationStatus {
  if (row.isJoined) return 'joined';
  switch (row.state) {
    case null:
      return 'not_sent';
    case 'pending':
      return 'queued';
    case 'sending':
      // A sender that died while sending leaves the row so (never sent twice): after a while
      // the owner sees it failed and may send it again.
      return (time(row.attemptAt) ?? now) < now - RESEND_MS ? 'failed' : 'queued';
    case 'sent':
      return 'sent';
    case 'failed':
      return 'failed';
  }
}

function resendAfter(row: InvitationStatusRow, now: number): number | null {
  const created = time(row.createdAt);
  if (row.isJoined || created === null || created + RESEND_MS <= now) return null;
  return created + RESEND_MS;
}

function present(row: InvitationStatusRow, now: number): InvitationView {
  const after = resendAfter(row, now);
  const sentAt = time(row.sentAt);
  return {
    memberId: row.memberId,
    name: row.name,
    email: row.email,
    teamNumber: row.teamNumber,
    status: statusOf(row, now),
    sentAt: sentAt === null ? null : new Date(sentAt).toISOString(),
    resendAfter: after === null ? null : new Date(after).toISOString(),
  };
}

/** The owner's Invitations panel: every roster entry with an e-mail and its invitation's status. */
export async function listInvitations(db: Db, access: Access): Promise<InvitationView[]> {
  const now = Date.now();
  return (await invitationStatusRows(db, access.workspace.id)).map((row) => present(row, now));
}

/** The owner's workspaces have sent the day's invitations (the resend's refusal). */
function dailyLimit(): AppError {
  return appError('invitation_daily_limit', { limit: INVITATIONS_PER_OWNER_PER_DAY });
}

/**
 * Resend (owner): one member's invitation again, in the owner's `language`. Refused for a member
 * with no e-mail, one who has joined, and one mailed less than INVITATION_RESEND_MINUTES ago.
 */
export async function resendInvitation(
  db: Db,
  access: Access,
  memberId: string,
  language: Language,
): Promise<InvitationsResent> {
  if (!isUuid(memberId)) throw new AppError('invitation_member_not_found');
  const workspaceId = access.workspace.id;
  return db.transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    const [row] = await invitationStatusRows(tx, workspaceId, memberId);
    if (!row) throw new AppError('invitation_member_not_found');
    if (row.isJoined) throw new AppError('invitation_already_joined');
    if (resendAfter(row, Date.now()) !== null) {
      throw appError('invitation_recently_sent', { minutes: INVITATION_RESEND_MINUTES });
    }
    const queued = await queueInvitations(tx, workspaceId, language, [
      { memberId, email: row.email },
    ]);
    if (queued.length === 0) throw dailyLimit();
    return { queued: queued.length, skipped: 0 };
  });
}

/**
 * Resend to all pending (owner): every member with an e-mail who has not joined, except those
 * mailed less than INVITATION_RESEND_MINUTES ago (counted as skipped; when that is everyone, 429).
 */
export async function resendPendingInvitations(
  db: Db,
  access: Access,
  language: Language,
): Promise<InvitationsResent> {
  const workspaceId = access.workspace.id;
  return db.transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    const now = Date.now();
    const pending = (await invitationStatusRows(tx, workspaceId)).filter((row) => !row.isJoined);
    const due = pending.filter((row) => resendAfter(row, now) === null);
    const skipped = pending.length - due.length;
    if (due.length === 0 && skipped > 0) {
      throw appError('invitation_recently_sent', { minutes: INVITATION_RESEND_MINUTES });
    }
    const queued = await queueInvitations(
      tx,
      workspaceId,
      language,
      due.map((row) => ({ memberId: row.memberId, email: row.email })),
    );
    if (due.length > 0 && queued.length === 0) throw dailyLimit();
    return { queued: queued.length, skipped: skipped + due.length - queued.length };
  });
}
