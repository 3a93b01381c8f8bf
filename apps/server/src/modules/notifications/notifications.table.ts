import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationData, NotificationTextView } from '@teamshuffle/domain';
import { user } from '../users/users.table.ts';
import { workspaces } from '../workspaces/workspaces.table.ts';

// Notifications are written by the server as consequences of actions, never by a client for
// another user (ARCHITECTURE.md), and paged by the database.

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Creation order: the page cursor and the live stream's event id. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    assignmentId: uuid('assignment_id'),
    noteId: uuid('note_id'),
    teamName: text('team_name'),
    /** The deadline a reminder is about (issue 26, migration 0039); null for other types. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /**
     * Its words as a key and values, written in the reader's language by their app (decision
     * 0041, migration 0042); null for rows written before and for announcements.
     */
    text: jsonb('text').$type<NotificationTextView>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The outbox row's key it was delivered from: a redelivery writes nothing (issue 23). */
    dedupeKey: text('dedupe_key'),
  },
  (table) => [
    index('notifications_user_seq_idx').on(table.userId, table.seq),
    uniqueIndex('notifications_dedupe_key_idx').on(table.dedupeKey),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`not ${table.isRead}`),
  ],
);

/** Accounts already told they joined a workspace (by a verified e-mail on its roster). */
export const rosterJoins = pgTable(
  'roster_joins',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] })],
);

/**
 * The notification outbox (issue 23, decision 0014): one row per notification an action caused,
 * written in the action's transaction; the delivery loop turns it into a `notifications` row (the
 * same dedupe key), a live event and, where the user chose so, a mail whose state is kept here.
 * Rows are delivered in id order, which is commit order (enqueueing holds a lock to commit).
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    data: jsonb('data').$type<Partial<NotificationData>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Failed deliveries of this row (the error of the last one). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When its notification was written (or found a duplicate); null while it waits. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    notificationId: uuid('notification_id'),
    /** null: no mail; pending -> sending -> sent, or failed (a sender that died leaves sending). */
    mailState: text('mail_state'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailNextAt: timestamp('mail_next_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    index('notification_outbox_undelivered_idx')
      .on(table.id)
      .where(sql`${table.deliveredAt} is null`),
    index('notification_outbox_mail_pending_idx')
      .on(table.id)
      .where(sql`${table.mailState} = 'pending'`),
    index('notification_outbox_delivered_idx')
      .on(table.deliveredAt)
      .where(sql`${table.deliveredAt} is not null`),
    check(
      'notification_outbox_mail_state',
      sql`${table.mailState} is null or ${table.mailState} in ('pending', 'sending', 'sent', 'failed')`,
    ),
  ],
);

/** Who delivers the outbox now (one row): an instance id and the end of its lease. */
export const notificationOutboxLease = pgTable(
  'notification_outbox_lease',
  {
    id: smallint('id').primaryKey().default(1),
    holder: text('holder'),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (table) => [check('notification_outbox_lease_one_row', sql`${table.id} = 1`)],
);
