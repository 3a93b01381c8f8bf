import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaceMembers, workspaces } from '../workspaces/workspaces.table.ts';

/**
 * The invitation mails (issue 24, decision 0021, migration 0027): one row per mail, written in the
 * transaction that adds the address to the roster (or asks for a resend). The address and the
 * owner's language are kept as they were then; the member's latest row is their status.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The owner's interface language when the mail was asked for: the mail is written in it. */
    language: text('language').notNull(),
    /** pending -> sending -> sent, or back to pending (later) and at last failed. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('workspace_invitations_member_idx').on(table.memberId, table.createdAt),
    index('workspace_invitations_workspace_idx').on(table.workspaceId),
    index('workspace_invitations_pending_idx')
      .on(table.id)
      .where(sql`${table.state} = 'pending'`),
    check(
      'workspace_invitations_state',
      sql`${table.state} in ('pending', 'sending', 'sent', 'failed')`,
    ),
    check('workspace_invitations_language', sql`${table.language} in ('en', 'ko')`),
  ],
);
