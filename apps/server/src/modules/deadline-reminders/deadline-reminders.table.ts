import type { NotificationTextView } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../users/users.table.ts';
import { workspaces } from '../workspaces/workspaces.table.ts';

/**
 * A deadline reminder sent: one row per item (an assignment or a note's task), person and
 * effective deadline, inserted in the transaction that enqueues its notification (migration 0039,
 * decision 0031). However many instances sweep at once, each person is reminded once per deadline;
 * an extension is a new `due_at`, so a new reminder. Title and message are kept for the digest.
 */
export const deadlineReminderClaims = pgTable(
  'deadline_reminder_claims',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Its words as a key and values, for the digest in its reader's language (migration 0045). */
    text: jsonb('text').$type<NotificationTextView>(),
  },
  (table) => [
    primaryKey({
      name: 'deadline_reminder_claims_pk',
      columns: [table.itemKind, table.itemId, table.userId, table.dueAt],
    }),
    index('deadline_reminder_claims_claimed_idx').on(table.claimedAt),
    check('deadline_reminder_claims_kind', sql`${table.itemKind} in ('assignment', 'task')`),
  ],
);

/**
 * The daily digest of a user's reminders (those who chose it): one row per user and UTC day, the
 * claim of the one instance that mails it, with the mail's state as the outbox keeps it.
 */
export const reminderDigests = pgTable(
  'reminder_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** pending -> sending -> sent, or failed (a sender that died leaves sending: never twice). */
    mailState: text('mail_state').notNull().default('pending'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailNextAt: timestamp('mail_next_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'reminder_digests_pk', columns: [table.userId, table.day] }),
    index('reminder_digests_pending_idx')
      .on(table.day)
      .where(sql`${table.mailState} = 'pending'`),
    check(
      'reminder_digests_mail_state',
      sql`${table.mailState} in ('pending', 'sending', 'sent', 'failed')`,
    ),
  ],
);
