import {
  INVITATION_RESEND_MINUTES,
  INVITATIONS_PER_OWNER_PER_DAY,
  isLanguage,
  type Language,
} from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { rowsOf } from '../../db/rows.ts';

/** The PostgreSQL channel a transaction that queued invitation mails wakes every instance on. */
export const INVITATION_CHANNEL = 'teamshuffle_invitations';

/** A mail to queue: a roster entry of the workspace and the address it has now. */
export type InvitationEntry = { memberId: string; email: string };

/**
 * Takes the workspace's row for the rest of the transaction (as every roster write does, see
 * workspaces.repository.ts): invitations of one workspace are queued one transaction at a time,
 * so two requests at the same moment cannot both find no recent mail and both queue one.
 */
export async function lockWorkspaceRow(tx: Db, workspaceId: string) {
  await tx.execute(sql`select 1 from workspaces where id = ${workspaceId} for no key update`);
}

/**
 * Queues a mail for each entry inside the caller's transaction `tx`, except to a member whose
 * latest mail to that same address is younger than INVITATION_RESEND_MINUTES (a repeated or
 * racing request mails once), and no more than the owner's workspaces have left of
 * INVITATIONS_PER_OWNER_PER_DAY (two of one owner's workspaces queueing at the same moment may
 * pass it by a little: each holds only its own row). Returns the member ids queued; every
 * instance wakes at the commit. Hold the workspace's row (`lockWorkspaceRow`) first.
 */
export async function queueInvitations(
  tx: Db,
  workspaceId: string,
  language: Language,
  entries: readonly InvitationEntry[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const values = sql.join(
    entries.map((entry) => sql`(${entry.memberId}::uuid, ${entry.email.trim().toLowerCase()})`),
    sql`, `,
  );
  const queued = rowsOf<{ memberId: string }>(
    await tx.execute(sql`
      insert into workspace_invitations (workspace_id, member_id, email, language)
      select ${workspaceId}::uuid, v.member_id, v.email, ${language}
      from (values ${values}) as v(member_id, email)
      join workspace_members m on m.id = v.member_id and m.workspace_id = ${workspaceId}::uuid
      where not exists (
        select 1 from workspace_invitations i
        where i.member_id = v.member_id and i.email = v.email
          and i.created_at > now() - make_interval(mins => ${INVITATION_RESEND_MINUTES}))
      limit greatest(0, ${INVITATIONS_PER_OWNER_PER_DAY} - (
        select count(*) from workspace_invitations i
        join workspaces w on w.id = i.workspace_id
        where w.owner_id = (select owner_id from workspaces where id = ${workspaceId}::uuid)
          and i.created_at > now() - interval '1 day'))
      returning member_id as "memberId"`),
  );
  if (queued.length > 0) await tx.execute(sql`select pg_notify(${INVITATION_CHANNEL}, 'queued')`);
  return queued.map((row) => row.memberId);
}

/** Verified accounts with these addresses (an invitation's notification goes to them). */
export async function verifiedAccountsByEmail(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return rowsOf<{ id: string; email: string }>(
    await db.execute(sql`
      select id, email from "user"
      where email_verified and email in (${sql.join(
        emails.map((email) => sql`${email.trim().toLowerCase()}`),
        sql`, `,
      )})`),
  );
}

/** The workspace's title and owner (name, e-mail), for a mail or a notification. */
export async function workspaceForInvitation(db: Db, workspaceId: string) {
  const [row] = rowsOf<{ title: string; ownerId: string; ownerName: string; ownerEmail: string }>(
    await db.execute(sql`
      select w.title, w.owner_id as "ownerId", u.name as "ownerName", u.email as "ownerEmail"
      from workspaces w join "user" u on u.id = w.owner_id
      where w.id = ${workspaceId}`),
  );
  return row;
}

export type InvitationStatusRow = {
  memberId: string;
  name: string;
  email: string;
  teamNumber: number | null;
  isJoined: boolean;
  state: 'pending' | 'sending' | 'sent' | 'failed' | null;
  attemptAt: Date | string | null;
  sentAt: Date | string | null;
  createdAt: Date | string | null;
};

/**
 * Every roster entry of the workspace that has an e-mail (or the one `memberId`), in roster
 * order, with whether a verified account has that address and the latest mail to it.
 */
export async function invitationStatusRows(
  db: Db,
  workspaceId: string,
  memberId?: string,
): Promise<InvitationStatusRow[]> {
  return rowsOf<InvitationStatusRow>(
    await db.execute(sql`
      select m.id as "memberId", m.name, lower(btrim(m.email)) as email, t.number as "teamNumber",
        exists (select 1 from "user" u where u.email = lower(btrim(m.email)) and u.email_verified)
          as "isJoined",
        i.state, i.next_attempt_at as "attemptAt", i.sent_at as "sentAt", i.created_at as "createdAt"
      from workspace_members m
      left join teams t on t.id = m.team_id
      left join lateral (
        select state, next_attempt_at, sent_at, created_at from workspace_invitations i
        where i.member_id = m.id and i.email = lower(btrim(m.email))
        order by i.id desc limit 1) i on true
      where m.workspace_id = ${workspaceId}::uuid and m.email is not null and btrim(m.email) <> ''
        ${memberId === undefined ? sql`` : sql`and m.id = ${memberId}::uuid`}
      order by m.position`),
  );
}

/** A mail claimed for sending, with what its text needs. */
export type ClaimedInvitation = {
  id: number;
  workspaceId: string;
  memberId: string;
  email: string;
  language: Language;
  attempts: number;
};

/**
 * Claims the oldest mail due: marks it `sending` (committed by this statement) so that no other
 * delivery, on this instance or another, takes it. `next_attempt_at` becomes the attempt's time.
 */
export async function claimNextInvitation(db: Db): Promise<ClaimedInvitation | undefined> {
  const [row] = rowsOf<ClaimedInvitation>(
    await db.execute(sql`
      update workspace_invitations
      set state = 'sending', attempts = attempts + 1, next_attempt_at = now()
      where id = (
        select id from workspace_invitations
        where state = 'pending' and next_attempt_at <= now()
        order by id limit 1 for update skip locked)
      returning id, workspace_id as "workspaceId", member_id as "memberId", email, language,
        attempts`),
  );
  return row;
}

/** Whether the address is still that member's on the roster (a mail to a removed one is dropped). */
export async function isStillOnRoster(db: Db, memberId: string, email: string) {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      select exists (select 1 from workspace_members
        where id = ${memberId}::uuid and lower(btrim(email)) = ${email}) as found`),
  );
  return row?.found === true;
}

/**
 * Whether any account (verified or not) has this address: its mail says sign in, not sign up;
 * and the language a verified account of it uses the app in, when known (decision 0041; an
 * unverified account may not be the address's owner, so it chooses nothing for them).
 */
export async function inviteeAccount(db: Db, email: string) {
  const [row] = rowsOf<{ found: boolean; language: string | null }>(
    await db.execute(sql`
      select exists (select 1 from "user" where email = ${email}) as found,
        (select p.language from "user" u join user_preferences p on p.user_id = u.id
          where u.email = ${email} and u.email_verified) as language`),
  );
  return {
    hasAccount: row?.found === true,
    language: isLanguage(row?.language) ? row.language : null,
  };
}

export async function markInvitationSent(db: Db, id: number) {
  await db.execute(sql`
    update workspace_invitations set state = 'sent', sent_at = now(), last_error = null
    where id = ${id}`);
}

/** A refused or impossible mail: tried again after `retryInSeconds`, or given up (`null`). */
export async function markInvitationFailed(
  db: Db,
  id: number,
  error: string,
  retryInSeconds: number | null,
) {
  await db.execute(sql`
    update workspace_invitations
    set state = ${retryInSeconds === null ? 'failed' : 'pending'},
      next_attempt_at = now() + make_interval(secs => ${retryInSeconds ?? 0}),
      last_error = ${error.slice(0, 1000)}
    where id = ${id}`);
}

/** Whether a mail is due now (the delivery's cheap look before it claims). */
export async function hasDueInvitations(db: Db) {
  const [row] = rowsOf<{ due: boolean }>(
    await db.execute(sql`
      select exists (select 1 from workspace_invitations
        where state = 'pending' and next_attempt_at <= now()) as due`),
  );
  return row?.due === true;
}
