import {
  DUPLICATE_NOTIFICATION_WINDOW_MS,
  isUuid,
  type NotificationCounts,
  type NotificationData,
  type NotificationView,
} from '@teamshuffle/domain';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { notifications } from './notifications.table.ts';
import { statement } from '../../db/prepared.ts';
import { rowsOf } from '../../db/rows.ts';

type NotificationRow = typeof notifications.$inferSelect;

/** The PostgreSQL channel a committed notification's id is announced on (LISTEN/NOTIFY). */
export const NOTIFICATION_CHANNEL = 'teamshuffle_notifications';

/**
 * What is announced on NOTIFICATION_CHANNEL: `new:<user id>:<notification id>` once a new row has
 * committed, `unread:<user id>` once a user's unread count changed otherwise (marks, deletions).
 * The user id comes first so that an instance holding no stream of that user reads nothing.
 */
export type Announcement =
  { kind: 'new'; userId: string; notificationId: string } | { kind: 'unread'; userId: string };

/** The announcement's payload as SQL, built in the statement that writes (see Announcement). */
function newPayload(userId: SQL | string, notificationId: SQL | string): SQL {
  return sql`'new:' || ${userId} || ':' || ${notificationId}`;
}

/** Reads a payload of NOTIFICATION_CHANNEL; null for anything else. */
export function parseAnnouncement(payload: string): Announcement | null {
  if (payload.startsWith('unread:')) {
    const userId = payload.slice('unread:'.length);
    return userId ? { kind: 'unread', userId } : null;
  }
  if (!payload.startsWith('new:')) return null;
  const last = payload.lastIndexOf(':');
  const userId = payload.slice('new:'.length, last);
  const notificationId = payload.slice(last + 1);
  return userId && isUuid(notificationId) ? { kind: 'new', userId, notificationId } : null;
}

/** A notification to write for one user. */
export type NewNotification = {
  userId: string;
  type: string;
  title: string;
  message: string;
  data?: Partial<NotificationData>;
};

/** The API's view of a row. */
export function presentNotification(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    seq: row.seq,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    data: {
      workspaceId: row.workspaceId,
      assignmentId: row.assignmentId,
      noteId: row.noteId,
      teamName: row.teamName,
      dueAt: row.dueAt?.toISOString() ?? null,
      text: row.text ?? null,
    },
  };
}

/**
 * Writes a notification inside the caller's transaction (the outbox's delivery) unless the user
 * got one of the same type and title in the last five minutes (spec part 1, section 5), and
 * announces its id on NOTIFICATION_CHANNEL, delivered at commit once the row can be read. A lock
 * per (user, type, title) makes two writers at the same moment leave one. Under a dedupe key, a
 * notification already written under the key is found, not written again (issue 23). A
 * workspace deleted since the action leaves the notification without one (as its deletion does).
 * Returns the row's id and whether it is new, or null for a duplicate within five minutes.
 */
export async function writeNotification(
  tx: Db,
  input: NewNotification,
  dedupeKey: string | null,
): Promise<{ id: string; isNew: boolean } | null> {
  const key = `notification:${input.userId}:${input.type}:${input.title}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  if (dedupeKey !== null) {
    const [earlier] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.dedupeKey, dedupeKey));
    if (earlier) return { id: earlier.id, isNew: false };
  }
  const windowMs = DUPLICATE_NOTIFICATION_WINDOW_MS;
  const recent = await tx.execute(sql`
    select 1 from notifications
    where user_id = ${input.userId} and type = ${input.type} and title = ${input.title}
      and created_at > now() - make_interval(secs => ${windowMs / 1000})
    limit 1`);
  if (rowsOf<unknown>(recent).length > 0) return null;
  const data = input.data ?? {};
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      workspaceId: data.workspaceId
        ? sql`(select id from workspaces where id = ${data.workspaceId})`
        : null,
      assignmentId: data.assignmentId ?? null,
      noteId: data.noteId ?? null,
      teamName: data.teamName ?? null,
      dueAt: data.dueAt ? new Date(data.dueAt) : null,
      text: data.text ?? null,
      dedupeKey,
    })
    .returning({ id: notifications.id });
  await tx.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${newPayload(input.userId, row!.id)})`,
  );
  return { id: row!.id, isNew: true };
}

/**
 * A system announcement to every verified account in one statement (not one transaction per
 * account): each gets a row unless it got the same announcement in the last five minutes, and each
 * new row's id is announced on NOTIFICATION_CHANNEL at commit. A lock per title keeps two
 * administrators posting the same words at once from writing it twice. Returns how many were
 * written.
 */
export async function insertAnnouncement(db: Db, title: string, message: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`announcement:${title}`}, 0))`,
    );
    const windowMs = DUPLICATE_NOTIFICATION_WINDOW_MS;
    const result = await tx.execute(sql`
      with written as (
        insert into notifications (user_id, type, title, message)
        select u.id, 'system_announcement', ${title}, ${message} from "user" u
        where (u.email_verified or u.phone_number_verified)
          and not exists (
            select 1 from notifications n
            where n.user_id = u.id and n.type = 'system_announcement' and n.title = ${title}
              and n.created_at > now() - make_interval(secs => ${windowMs / 1000}))
        returning id, user_id)
      select pg_notify(${NOTIFICATION_CHANNEL}, ${newPayload(sql`user_id`, sql`id::text`)})
      from written`);
    return rowsOf<unknown>(result).length;
  });
}

/**
 * Notifications by id with each one's user's unread count, oldest first, in one statement (the
 * live streams read every announcement that arrived together at once).
 */
export async function findNotificationsWithUnread(db: Db, ids: readonly string[]) {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select({
      row: notifications,
      unread: sql<number>`(select (count(*) filter (where not c.is_read))::int
        from notifications c where c.user_id = "notifications"."user_id")`,
    })
    .from(notifications)
    .where(inArray(notifications.id, valid))
    .orderBy(notifications.seq);
}

/** The unread counts of several users in one statement (0 for a user with none). */
export async function unreadCounts(db: Db, userIds: readonly string[]) {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({
      userId: notifications.userId,
      unread: sql<number>`(count(*) filter (where not ${notifications.isRead}))::int`,
    })
    .from(notifications)
    .where(inArray(notifications.userId, [...userIds]))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, row.unread);
  return counts;
}

/** One page of a user's notifications, newest first, before a cursor (keyset, not offset). */
export async function listNotifications(
  db: Db,
  userId: string,
  before: number | undefined,
  limit: number,
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      before === undefined
        ? eq(notifications.userId, userId)
        : and(eq(notifications.userId, userId), lt(notifications.seq, before)),
    )
    .orderBy(desc(notifications.seq))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Notifications of a user after an event id (a reconnecting stream's missed ones), oldest first. */
export async function notificationsAfter(db: Db, userId: string, seq: number, limit = 100) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.seq} > ${seq}`))
    .orderBy(notifications.seq)
    .limit(limit);
}

// The bell on every page, and each page the server renders: a prepared statement (db/prepared.ts).
const COUNTS = {
  name: 'notification_counts',
  text: `select count(*)::int as total, (count(*) filter (where not is_read))::int as unread
    from notifications where user_id = $1::text`,
} as const;

/** Total, unread and read counts of a user's notifications, in one query. */
export async function countNotifications(db: Db, userId: string): Promise<NotificationCounts> {
  const [row] = await statement<{ total: number; unread: number }>(db, COUNTS)([userId]);
  const total = row?.total ?? 0;
  const unread = row?.unread ?? 0;
  return { total, unread, read: total - unread };
}

/**
 * Marks some (or all) of a user's notifications read, then deletes read duplicates of the same
 * type and title, keeping the newest (spec part 1, section 4). Returns how many it marked.
 */
export async function markRead(db: Db, userId: string, ids: readonly string[] | 'all') {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(
        ids === 'all'
          ? and(eq(notifications.userId, userId), eq(notifications.isRead, false))
          : and(eq(notifications.userId, userId), inArray(notifications.id, ids.filter(isUuid))),
      )
      .returning({ id: notifications.id });
    await tx.execute(sql`
      delete from notifications n
      where n.user_id = ${userId} and n.is_read and exists (
        select 1 from notifications newer
        where newer.user_id = n.user_id and newer.is_read and newer.type = n.type
          and newer.title = n.title and newer.seq > n.seq)`);
    // Every instance's streams of this user get the new count once this commits.
    if (marked.length > 0) {
      await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`unread:${userId}`})`);
    }
    return marked.length;
  });
}

/** The users whose verified e-mail is on a workspace's roster, and its owner. */
export async function workspaceAccounts(db: Db, workspaceId: string) {
  const result = await db.execute(sql`
    select distinct u.id, u.email, u.name, t.id as "teamId", t.number as "teamNumber"
    from workspace_members m
    join "user" u on u.email = lower(btrim(m.email)) and u.email_verified
    left join teams t on t.id = m.team_id
    where m.workspace_id = ${workspaceId}`);
  return rowsOf<{
    id: string;
    email: string;
    name: string;
    teamId: string | null;
    teamNumber: number | null;
  }>(result);
}
