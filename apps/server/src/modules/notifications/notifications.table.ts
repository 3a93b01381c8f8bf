import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { assignments } from '../assignments/assignments.table.ts';
import { user } from '../users/users.table.ts';
import { teams, workspaces } from '../workspaces/workspaces.table.ts';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_seq_idx').on(table.userId, table.seq),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`not ${table.isRead}`),
  ],
);

/**
 * Deadline reminders already sent: one row per assignment and team, so a reminder goes out once
 * however many app instances look for due deadlines at the same moment.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.assignmentId, table.teamId] })],
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
