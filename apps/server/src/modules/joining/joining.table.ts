import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../users/users.table.ts';
import { workspaceMembers, workspaces } from '../workspaces/workspaces.table.ts';

// Students join on their own (issue 24, migration 0026, decision 0020).

/** A workspace's join switches; no row means the link is off and auto-approval too. */
export const workspaceJoinSettings = pgTable('workspace_join_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(false),
  autoApprove: boolean('auto_approve').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Join codes: the current one of a workspace (`retired_at` null, one per workspace) and the ones
 * it replaced, kept so that a replaced code is told apart from one that never existed.
 */
export const workspaceJoinCodes = pgTable(
  'workspace_join_codes',
  {
    code: text('code').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('workspace_join_codes_current_key')
      .on(table.workspaceId)
      .where(sql`${table.retiredAt} is null`),
    check(
      'workspace_join_codes_shape',
      sql`${table.code} ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6,8}$'`,
    ),
  ],
);

/**
 * A student's request for a roster name: pending until the owner answers (approved, rejected),
 * approved at once with auto-approval; `undone` when the owner undid the claim.
 */
export const workspaceJoinRequests = pgTable(
  'workspace_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The verified e-mail the request was made with; an approved claim wrote it on the member. */
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'undone'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The owner who answered; null for an auto-approved claim. */
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('workspace_join_requests_pending_user_key')
      .on(table.workspaceId, table.userId)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('workspace_join_requests_pending_member_key')
      .on(table.memberId)
      .where(sql`${table.status} = 'pending'`),
    index('workspace_join_requests_workspace_idx').on(table.workspaceId, table.status),
    index('workspace_join_requests_user_idx').on(table.userId),
    check(
      'workspace_join_requests_status',
      sql`${table.status} in ('pending', 'approved', 'rejected', 'undone')`,
    ),
  ],
);
