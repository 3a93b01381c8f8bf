import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { countHit } from '../../db/counters.ts';
import { rowsOf } from '../../db/rows.ts';

// The only code of the joining module that writes SQL (issue 24, decision 0020).

/** What a code leads to: its workspace, whether it is the current code, the switches. */
export type CodeTarget = {
  workspaceId: string;
  title: string;
  ownerId: string;
  isCurrent: boolean;
  isEnabled: boolean;
  autoApprove: boolean;
};

/** The workspace a code names, current or replaced; undefined for a code that never existed. */
export async function findCode(db: Db, code: string): Promise<CodeTarget | undefined> {
  const [row] = rowsOf<CodeTarget>(
    await db.execute(sql`
      select c.workspace_id as "workspaceId", w.title, w.owner_id as "ownerId",
        c.retired_at is null as "isCurrent",
        coalesce(s.is_enabled, false) as "isEnabled",
        coalesce(s.auto_approve, false) as "autoApprove"
      from workspace_join_codes c
      join workspaces w on w.id = c.workspace_id
      left join workspace_join_settings s on s.workspace_id = c.workspace_id
      where c.code = ${code}`),
  );
  return row;
}

/** The owner's view of the link: switches and the current code (null until one is made). */
export async function findLink(
  db: Db,
  workspaceId: string,
): Promise<{ isEnabled: boolean; autoApprove: boolean; code: string | null }> {
  const [row] = rowsOf<{ isEnabled: boolean; autoApprove: boolean; code: string | null }>(
    await db.execute(sql`
      select coalesce(s.is_enabled, false) as "isEnabled",
        coalesce(s.auto_approve, false) as "autoApprove",
        (select code from workspace_join_codes c
          where c.workspace_id = ${workspaceId} and c.retired_at is null) as code
      from (select 1) one
      left join workspace_join_settings s on s.workspace_id = ${workspaceId}`),
  );
  return row ?? { isEnabled: false, autoApprove: false, code: null };
}

/** Writes the switches given (the others keep their value, or their default for a new row). */
export async function saveSettings(
  tx: Db,
  workspaceId: string,
  change: { isEnabled?: boolean | undefined; autoApprove?: boolean | undefined },
): Promise<void> {
  const isEnabled = change.isEnabled ?? null;
  const autoApprove = change.autoApprove ?? null;
  await tx.execute(sql`
    insert into workspace_join_settings (workspace_id, is_enabled, auto_approve)
    values (${workspaceId}, coalesce(${isEnabled}::boolean, false),
      coalesce(${autoApprove}::boolean, false))
    on conflict (workspace_id) do update set
      is_enabled = coalesce(${isEnabled}::boolean, workspace_join_settings.is_enabled),
      auto_approve = coalesce(${autoApprove}::boolean, workspace_join_settings.auto_approve),
      updated_at = now()`);
}

/** Retires the workspace's current code, if any (it then answers "replaced"). */
export async function retireCurrentCode(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`
    update workspace_join_codes set retired_at = now()
    where workspace_id = ${workspaceId} and retired_at is null`);
}

/** Stores `code` as the workspace's current code; false when the code is already taken. */
export async function insertCode(tx: Db, workspaceId: string, code: string): Promise<boolean> {
  const inserted = rowsOf<{ code: string }>(
    await tx.execute(sql`
      insert into workspace_join_codes (code, workspace_id) values (${code}, ${workspaceId})
      on conflict (code) do nothing
      returning code`),
  );
  return inserted.length === 1;
}

/** Locks the workspace row first, as every roster write does (migration 0006's lock order). */
export async function lockWorkspace(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`select 1 from workspaces where id = ${workspaceId} for no key update`);
}

/** The caller's own roster entry in a workspace, by verified e-mail (trimmed, any case). */
export async function findMemberByEmail(
  db: Db,
  workspaceId: string,
  email: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select id, name from workspace_members
      where workspace_id = ${workspaceId} and lower(btrim(email)) = lower(btrim(${email}))`),
  );
  return row;
}

/** A student's pending request in a workspace, with the name it asks for. */
export async function findPendingOfUser(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<{ id: string; memberId: string; memberName: string } | undefined> {
  const [row] = rowsOf<{ id: string; memberId: string; memberName: string }>(
    await db.execute(sql`
      select r.id, r.member_id as "memberId", m.name as "memberName"
      from workspace_join_requests r join workspace_members m on m.id = r.member_id
      where r.workspace_id = ${workspaceId} and r.user_id = ${userId} and r.status = 'pending'`),
  );
  return row;
}

/** The unclaimed names: no e-mail on the entry and no pending request for it, in team order. */
export async function listUnclaimed(
  db: Db,
  workspaceId: string,
): Promise<{ id: string; name: string; teamNumber: number | null }[]> {
  return rowsOf(
    await db.execute(sql`
      select m.id, m.name, t.number as "teamNumber"
      from workspace_members m left join teams t on t.id = m.team_id
      where m.workspace_id = ${workspaceId} and m.email is null
        and not exists (select 1 from workspace_join_requests r
          where r.member_id = m.id and r.status = 'pending')
      order by t.number nulls last, m.position`),
  );
}

/** A roster entry of the workspace, locked for the claim; undefined when it is not this workspace's. */
export async function lockMember(
  tx: Db,
  workspaceId: string,
  memberId: string,
): Promise<{ id: string; name: string; email: string | null; isRequested: boolean } | undefined> {
  const [row] = rowsOf<{ id: string; name: string; email: string | null; isRequested: boolean }>(
    await tx.execute(sql`
      select m.id, m.name, m.email, exists (select 1 from workspace_join_requests r
          where r.member_id = m.id and r.status = 'pending') as "isRequested"
      from workspace_members m
      where m.id = ${memberId} and m.workspace_id = ${workspaceId}
      for update of m`),
  );
  return row;
}

/** Writes a claimed e-mail on a roster entry that has none; false when it has one by now. */
export async function writeClaimedEmail(tx: Db, memberId: string, email: string): Promise<boolean> {
  const updated = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update workspace_members set email = ${email}
      where id = ${memberId} and email is null returning id`),
  );
  return updated.length === 1;
}

/** Records a request (pending) or an auto-approved claim. Returns its id. */
export async function insertRequest(
  tx: Db,
  request: {
    workspaceId: string;
    memberId: string;
    userId: string;
    email: string;
    status: 'pending' | 'approved';
  },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into workspace_join_requests (workspace_id, member_id, user_id, email, status, decided_at)
      values (${request.workspaceId}, ${request.memberId}, ${request.userId}, ${request.email},
        ${request.status}, ${request.status === 'approved' ? sql`now()` : sql`null`})
      returning id`),
  );
  return row!.id;
}

/** A pending request of the workspace with what answering it needs, locked. */
export async function lockPendingRequest(
  tx: Db,
  workspaceId: string,
  requestId: string,
): Promise<
  | {
      id: string;
      memberId: string;
      memberName: string;
      memberEmail: string | null;
      userId: string;
      userEmail: string;
      isUserVerified: boolean;
    }
  | undefined
> {
  const [row] = rowsOf<{
    id: string;
    memberId: string;
    memberName: string;
    memberEmail: string | null;
    userId: string;
    userEmail: string;
    isUserVerified: boolean;
  }>(
    await tx.execute(sql`
      select r.id, r.member_id as "memberId", m.name as "memberName", m.email as "memberEmail",
        r.user_id as "userId", u.email as "userEmail", u.email_verified as "isUserVerified"
      from workspace_join_requests r
      join workspace_members m on m.id = r.member_id
      join "user" u on u.id = r.user_id
      where r.id = ${requestId} and r.workspace_id = ${workspaceId} and r.status = 'pending'
      for update of r, m`),
  );
  return row;
}

/**
 * Withdraws a student's own pending request (it is deleted: a request nobody answered changed
 * nothing, and the name is free again). False when `requestId` is no pending request of `userId`
 * in this workspace: someone else's, answered already, or none.
 */
export async function deletePendingRequestOf(
  tx: Db,
  workspaceId: string,
  requestId: string,
  userId: string,
): Promise<boolean> {
  const deleted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from workspace_join_requests
      where id = ${requestId} and workspace_id = ${workspaceId} and user_id = ${userId}
        and status = 'pending'
      returning id`),
  );
  return deleted.length === 1;
}

/** Answers a request: approved (with the e-mail the claim wrote) or rejected. */
export async function decideRequest(
  tx: Db,
  requestId: string,
  status: 'approved' | 'rejected',
  ownerId: string,
  email?: string,
): Promise<void> {
  await tx.execute(sql`
    update workspace_join_requests set status = ${status}, decided_at = now(),
      decided_by = ${ownerId}, email = coalesce(${email ?? null}, email)
    where id = ${requestId}`);
}

/**
 * The claim on a roster entry that still stands: an approved request whose e-mail is still the
 * entry's (an e-mail the owner typed since is the owner's, not the claim's).
 */
export async function lockActiveClaim(
  tx: Db,
  workspaceId: string,
  memberId: string,
): Promise<{ id: string; memberName: string; email: string } | undefined> {
  const [row] = rowsOf<{ id: string; memberName: string; email: string }>(
    await tx.execute(sql`
      select r.id, m.name as "memberName", m.email from workspace_join_requests r
      join workspace_members m on m.id = r.member_id
      where r.member_id = ${memberId} and r.workspace_id = ${workspaceId}
        and r.status = 'approved'
        and lower(btrim(m.email)) = lower(btrim(r.email))
      order by r.decided_at desc limit 1
      for update of r, m`),
  );
  return row;
}

/** Undoes a claim: the entry's e-mail is cleared (it is the claim's) and the request marked. */
export async function undoClaim(tx: Db, requestId: string, memberId: string): Promise<void> {
  await tx.execute(sql`
    update workspace_members m set email = null
    from workspace_join_requests r
    where r.id = ${requestId} and m.id = ${memberId}
      and lower(btrim(m.email)) = lower(btrim(r.email))`);
  await tx.execute(sql`
    update workspace_join_requests set status = 'undone', decided_at = now()
    where id = ${requestId}`);
}

type RequestRow = {
  id: string;
  memberId: string;
  memberName: string;
  teamNumber: number | null;
  userName: string;
  userEmail: string;
  createdAt: string | Date;
};

/** The pending requests of a workspace, oldest first. */
export async function listPending(db: Db, workspaceId: string): Promise<RequestRow[]> {
  return rowsOf<RequestRow>(
    await db.execute(sql`
      select r.id, r.member_id as "memberId", m.name as "memberName", t.number as "teamNumber",
        u.name as "userName", u.email as "userEmail", r.created_at as "createdAt"
      from workspace_join_requests r
      join workspace_members m on m.id = r.member_id
      left join teams t on t.id = m.team_id
      join "user" u on u.id = r.user_id
      where r.workspace_id = ${workspaceId} and r.status = 'pending'
      order by r.created_at, r.id`),
  );
}

type ClaimRow = {
  memberId: string;
  memberName: string;
  teamNumber: number | null;
  userName: string;
  email: string;
  claimedAt: string | Date;
  position: number;
};

/** The claims that still stand, in roster order. */
export async function listClaims(db: Db, workspaceId: string): Promise<ClaimRow[]> {
  return rowsOf<ClaimRow>(
    await db.execute(sql`
      select distinct on (m.id) m.id as "memberId", m.name as "memberName",
        t.number as "teamNumber", u.name as "userName", r.email, r.decided_at as "claimedAt",
        m.position
      from workspace_join_requests r
      join workspace_members m on m.id = r.member_id
      left join teams t on t.id = m.team_id
      join "user" u on u.id = r.user_id
      where r.workspace_id = ${workspaceId} and r.status = 'approved'
        and lower(btrim(m.email)) = lower(btrim(r.email))
      order by m.id, r.decided_at desc`),
  );
}

type StatusRow = {
  memberId: string;
  name: string;
  teamNumber: number | null;
  hasEmail: boolean;
  isRequested: boolean;
  isClaimed: boolean;
  hasAccount: boolean;
};

/** Per roster entry: e-mail, pending request, standing claim, verified account with the e-mail. */
export async function listRosterStatus(db: Db, workspaceId: string): Promise<StatusRow[]> {
  return rowsOf<StatusRow>(
    await db.execute(sql`
      select m.id as "memberId", m.name, t.number as "teamNumber",
        m.email is not null as "hasEmail",
        exists (select 1 from workspace_join_requests r
          where r.member_id = m.id and r.status = 'pending') as "isRequested",
        exists (select 1 from workspace_join_requests r
          where r.member_id = m.id and r.status = 'approved'
            and lower(btrim(m.email)) = lower(btrim(r.email))) as "isClaimed",
        -- Accounts' e-mails are stored trimmed and in lower case: the unique index answers.
        exists (select 1 from "user" u where u.email = lower(btrim(m.email))
          and u.email_verified) as "hasAccount"
      from workspace_members m left join teams t on t.id = m.team_id
      where m.workspace_id = ${workspaceId}
      order by t.number nulls last, m.position`),
  );
}

/** Failed code look-ups so far in the current window, for each key (0 when none). */
export async function readGuesses(db: Db, keys: readonly string[]): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await db.execute(sql`
      select coalesce(max(count), 0)::int as count from rate_limit_counters
      where key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) and window_ends_at > now()`),
  );
  return rows[0]?.count ?? 0;
}

/** Counts one failed code look-up for each key, in the shared counters (db/counters.ts). */
export async function countGuess(db: Db, keys: readonly string[], windowMs: number): Promise<void> {
  for (const key of keys) await countHit(db, key, windowMs);
}
