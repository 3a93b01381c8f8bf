import type { Language, NotificationTextView } from '@teamshuffle/domain';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Db } from '../../plugins/database.ts';
import { deadlineReminderClaims, reminderDigests } from './deadline-reminders.table.ts';

/** The longest lead a workspace may choose (migration 0037: 0 to 168 hours). */
export const MAX_LEAD_HOURS = 168;

/** One person to remind of one deadline, as the sweep's statement answers it. */
export type DueReminderRow = {
  kind: 'assignment' | 'task';
  itemId: string;
  workspaceId: string;
  title: string;
  /** The team's number for team work; null for an individual task. */
  teamNumber: number | null;
  /** The effective deadline: the team's (member's) extension, or the item's. */
  dueAt: Date | string;
  timeZone: string;
  userId: string;
};

/**
 * Everyone to remind at `now`, in one statement: each assignment and published note task whose
 * effective deadline (coalesce(extension.due_at, the item's), migration 0038) is within its
 * workspace's `reminder_hours_before` (0: none) and not past. Team work: each team with no live
 * hand-in, its leader's account, or every member's account when the leader has none. Individual
 * tasks: each rostered member's account with no current answer of their own. Only deadlines
 * within MAX_LEAD_HOURS are read (indexes on the deadlines, migration 0039).
 */
export async function findDueReminders(db: Db, now: Date): Promise<DueReminderRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const horizon = sql`(${at} + make_interval(hours => ${MAX_LEAD_HOURS}))`;
  const isDue = (deadline: ReturnType<typeof sql>) =>
    sql`${deadline} > ${at} and ${deadline} <= ${at} + make_interval(hours => w.reminder_hours_before)`;
  const account = sql`"user" u on u.email = lower(btrim(m.email)) and u.email_verified and not u.disabled`;
  const result = await db.execute(sql`
    with due_assignments as (
      -- The candidates: a deadline (the item's or an extension's) within the longest lead.
      select id from assignments where end_at > ${at} and end_at <= ${horizon}
      union select assignment_id from deadline_extensions
        where assignment_id is not null and due_at > ${at} and due_at <= ${horizon}
    ),
    due_notes as (
      select id from lecture_notes where is_published and has_task
        and task_deadline > ${at} and task_deadline <= ${horizon}
      union select note_id from deadline_extensions
        where note_id is not null and due_at > ${at} and due_at <= ${horizon}
    ),
    team_due as (
      select 'assignment' as kind, a.id as item_id, a.workspace_id, a.title, t.id as team_id,
        t.number as team_number, t.leader_member_id, coalesce(x.due_at, a.end_at) as due_at,
        w.time_zone
      from due_assignments c
      join assignments a on a.id = c.id
      join workspaces w on w.id = a.workspace_id and w.reminder_hours_before > 0
      join teams t on t.workspace_id = a.workspace_id
      left join deadline_extensions x on x.assignment_id = a.id and x.team_id = t.id
      where ${isDue(sql`coalesce(x.due_at, a.end_at)`)}
        and not exists (select 1 from assignment_submissions s
          where s.assignment_id = a.id and s.team_id = t.id and s.deleted_at is null)
      union all
      select 'task', n.id, n.workspace_id, n.task_title, t.id, t.number, t.leader_member_id,
        coalesce(x.due_at, n.task_deadline), w.time_zone
      from due_notes c
      join lecture_notes n on n.id = c.id
      join workspaces w on w.id = n.workspace_id and w.reminder_hours_before > 0
      join teams t on t.workspace_id = n.workspace_id
      left join deadline_extensions x on x.note_id = n.id and x.team_id = t.id
      where n.assignment_type = 'team' and n.is_published and n.has_task
        and n.task_deadline is not null
        and ${isDue(sql`coalesce(x.due_at, n.task_deadline)`)}
        and not exists (select 1 from task_submissions s
          where s.note_id = n.id and s.team_id = t.id and s.is_current and s.kind = 'team')
    ),
    team_accounts as (
      select m.id as member_id, m.team_id, u.id as user_id
      from workspace_members m join ${account}
      where m.team_id in (select team_id from team_due)
    )
    select d.kind, d.item_id as "itemId", d.workspace_id as "workspaceId", d.title,
      d.team_number as "teamNumber", d.due_at as "dueAt", d.time_zone as "timeZone",
      a.user_id as "userId"
    from team_due d join team_accounts a on a.team_id = d.team_id
    where a.member_id = d.leader_member_id
      or not exists (select 1 from team_accounts l
        where l.team_id = d.team_id and l.member_id = d.leader_member_id)
    union all
    select 'task', n.id, n.workspace_id, n.task_title, null, coalesce(x.due_at, n.task_deadline),
      w.time_zone, u.id
    from due_notes c
    join lecture_notes n on n.id = c.id
    join workspaces w on w.id = n.workspace_id and w.reminder_hours_before > 0
    join workspace_members m on m.workspace_id = n.workspace_id and m.team_id is not null
    join ${account}
    left join deadline_extensions x on x.note_id = n.id and x.member_id = m.id
    where n.assignment_type = 'individual' and n.is_published and n.has_task
      and n.task_deadline is not null
      and ${isDue(sql`coalesce(x.due_at, n.task_deadline)`)}
      and not exists (select 1 from task_submissions s
        where s.note_id = n.id and s.user_id = u.id and s.is_current and s.kind = 'individual')`);
  return rowsOf<DueReminderRow>(result);
}

/** A reminder to claim: its key columns, and what the digest will say. */
export type ReminderClaim = {
  itemKind: 'assignment' | 'task';
  itemId: string;
  userId: string;
  dueAt: Date;
  workspaceId: string;
  title: string;
  message: string;
  /** The words the digest writes in its reader's language (decision 0041). */
  text: NotificationTextView;
};

/**
 * Claims reminders inside the transaction that enqueues them; answers those this transaction
 * claimed (one already claimed, by this or another instance, is left out: it waits for that
 * transaction and then finds the row).
 */
export async function claimReminders(
  tx: Db,
  claims: readonly ReminderClaim[],
  now: Date,
): Promise<Array<Pick<ReminderClaim, 'itemKind' | 'itemId' | 'userId' | 'dueAt'>>> {
  if (claims.length === 0) return [];
  const claimed = await tx
    .insert(deadlineReminderClaims)
    .values(claims.map((claim) => ({ ...claim, claimedAt: now })))
    .onConflictDoNothing()
    .returning({
      itemKind: deadlineReminderClaims.itemKind,
      itemId: deadlineReminderClaims.itemId,
      userId: deadlineReminderClaims.userId,
      dueAt: deadlineReminderClaims.dueAt,
    });
  return claimed.map((row) => ({ ...row, itemKind: row.itemKind as ReminderClaim['itemKind'] }));
}

/**
 * The digests due at `now`: one row per user who chose the digest and day (UTC) before `now`'s,
 * within the last three days, with reminders claimed that day. A row already made (by any
 * instance) is left as it is.
 */
export async function createDueDigests(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    insert into reminder_digests (user_id, day)
    select distinct c.user_id, (c.claimed_at at time zone 'UTC')::date
    from deadline_reminder_claims c
    join user_preferences p on p.user_id = c.user_id and p.reminder_mail = 'digest'
    where c.claimed_at >= date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC')
        at time zone 'UTC' - interval '3 days'
      and c.claimed_at < date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC')
        at time zone 'UTC'
    on conflict do nothing`);
}

/**
 * Takes the oldest pending digest whose time has come: marked `sending` (committed) before it is
 * mailed, so however many instances look, it is mailed once.
 */
export async function takePendingDigest(db: Db, now: Date) {
  const [row] = rowsOf<{ userId: string; day: string; mailAttempts: number }>(
    await db.execute(sql`
      update reminder_digests set mail_state = 'sending', mail_attempts = mail_attempts + 1
      where (user_id, day) = (
        select user_id, day from reminder_digests
        where mail_state = 'pending'
          and (mail_next_at is null or mail_next_at <= ${now.toISOString()}::timestamptz)
        order by day, user_id limit 1 for update skip locked)
      returning user_id as "userId", day::text as day, mail_attempts as "mailAttempts"`),
  );
  return row;
}

/** The reminders a digest gathers: the user's claimed that UTC day, earliest deadline first. */
export async function digestItems(db: Db, userId: string, day: string) {
  return rowsOf<{
    title: string;
    message: string;
    text: NotificationTextView | null;
    workspaceId: string;
    dueAt: Date | string;
  }>(
    await db.execute(sql`
      select title, message, text, workspace_id as "workspaceId", due_at as "dueAt"
      from deadline_reminder_claims
      where user_id = ${userId}
        and claimed_at >= ${day}::date::timestamp at time zone 'UTC'
        and claimed_at < (${day}::date + 1)::timestamp at time zone 'UTC'
      order by due_at, title`),
  );
}

/** Who gets a user's digest: a verified, enabled account that still chose the digest. */
export async function digestRecipient(db: Db, userId: string) {
  const [row] = rowsOf<{ email: string; name: string; language: Language | null }>(
    await db.execute(sql`
      select u.email, u.name, p.language from "user" u
      join user_preferences p on p.user_id = u.id
      where u.id = ${userId} and p.reminder_mail = 'digest' and u.email_verified
        and not u.disabled`),
  );
  return row;
}

/** Marks a digest's mail: sent, given up, or back to pending after `retryInSeconds`. */
export async function finishDigest(
  db: Db,
  digest: { userId: string; day: string },
  outcome:
    { state: 'sent' } | { state: 'failed' | 'pending'; error: string; retryInSeconds?: number },
  now: Date,
) {
  await db
    .update(reminderDigests)
    .set(
      outcome.state === 'sent'
        ? { mailState: 'sent', mailedAt: now }
        : {
            mailState: outcome.state,
            lastError: outcome.error.slice(0, 1000),
            mailNextAt: new Date(now.getTime() + (outcome.retryInSeconds ?? 0) * 1000),
          },
    )
    .where(and(eq(reminderDigests.userId, digest.userId), eq(reminderDigests.day, digest.day)));
}

/** Drops claims of deadlines long past and old digests (a past deadline is never reminded). */
export async function pruneReminders(db: Db, now: Date, keepDays: number) {
  const before = sql`${now.toISOString()}::timestamptz - make_interval(days => ${keepDays})`;
  await db.execute(sql`delete from deadline_reminder_claims where due_at < ${before}`);
  await db.execute(sql`delete from reminder_digests where created_at < ${before}
    and mail_state <> 'pending'`);
}
