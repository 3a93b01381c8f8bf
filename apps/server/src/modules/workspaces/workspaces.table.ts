import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { savedResults } from '../results/results.table.ts';
import { user } from '../users/users.table.ts';

// A workspace is a saved shuffle turned into a course: its roster, its numbered teams (each with
// an optional leader) and the constraints it was formed under, each fact stored once.

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull().default(false),
    groupSize: integer('group_size').notNull().default(4),
    sourceResultId: uuid('source_result_id').references(() => savedResults.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by database triggers (migration 0006) in the same transaction as every change to
     * what the detail page shows from this workspace's other tables: teams, roster, constraints.
     * The detail cache is keyed by it (with `account_detail_version`).
     */
    detailVersion: bigint('detail_version', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by deferred database triggers (migration 0018) at the commit of every change to what
     * the course sections show: lecture notes, their attachments, task submissions and grades,
     * assignments, their attempts and grades. The section caches are keyed by it (with
     * `detail_version` and `account_detail_version`).
     */
    contentVersion: bigint('content_version', { mode: 'number' }).notNull().default(0),
    /**
     * The course calendar (issue 26, decision 0029, migration 0037): the IANA time zone every date
     * of the workspace is shown in, and the first day of its semester (a calendar day in that
     * zone), from which lecture notes' weeks are counted.
     */
    timeZone: text('time_zone').notNull().default('Asia/Seoul'),
    semesterStart: date('semester_start')
      .notNull()
      .default(sql`(date_trunc('week', (now() AT TIME ZONE 'Asia/Seoul')))::date`),
    /** Hours before a deadline its reminders go out to those who have not handed in; 0: none. */
    reminderHoursBefore: integer('reminder_hours_before').notNull().default(24),
  },
  (table) => [
    index('workspaces_owner_idx').on(table.ownerId),
    check('workspaces_title_not_blank', sql`length(btrim(${table.title})) > 0`),
    check('workspaces_time_zone_not_blank', sql`length(btrim(${table.timeZone})) > 0`),
    check('workspaces_reminder_hours_range', sql`${table.reminderHoursBefore} between 0 and 168`),
  ],
);

/**
 * One row: bumped by a trigger (migration 0006) in the transaction of every change to a verified
 * account's e-mail, verification or photo, which every workspace's detail page may show next to
 * a roster e-mail. The detail cache is keyed by it together with `workspaces.detail_version`.
 */
export const accountDetailVersion = pgTable(
  'account_detail_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('account_detail_version_single_row', sql`${table.id} = 1`)],
);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    leaderMemberId: uuid('leader_member_id').references((): AnyPgColumn => workspaceMembers.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    unique('teams_workspace_number_key').on(table.workspaceId, table.number),
    index('teams_leader_member_idx').on(table.leaderMemberId),
    check('teams_number_positive', sql`${table.number} >= 1`),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    /**
     * The member's imported attribute values (issue 15), or null. Only the owner who imported
     * them may see them, so the detail page never carries them.
     */
    attributes: jsonb('attributes').$type<Record<string, string | number>>(),
    position: integer('position').notNull(),
  },
  (table) => [
    unique('workspace_members_position_key').on(table.workspaceId, table.position),
    index('workspace_members_team_idx').on(table.teamId),
    index('workspace_members_email_idx').on(sql`lower(btrim(${table.email}))`),
    // One person, one roster entry (issue 23, migration 0023); null e-mails are all distinct.
    uniqueIndex('workspace_members_workspace_email_key').on(
      table.workspaceId,
      sql`lower(btrim(${table.email}))`,
    ),
  ],
);

/** Two roster entries of one workspace: a pair kept together, or a pair kept apart. */
function pairTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      workspaceId: uuid('workspace_id')
        .notNull()
        .references(() => workspaces.id, { onDelete: 'cascade' }),
      memberAId: uuid('member_a_id')
        .notNull()
        .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
      memberBId: uuid('member_b_id')
        .notNull()
        .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    },
    (table) => [index(`${name}_workspace_idx`).on(table.workspaceId)],
  );
}

export const fixedPairs = pairTable('workspace_fixed_pairs');
export const keepApartPairs = pairTable('workspace_keep_apart_pairs');

export const lockedTeams = pgTable(
  'workspace_locked_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  },
  (table) => [index('workspace_locked_teams_workspace_idx').on(table.workspaceId)],
);

export const lockedTeamMembers = pgTable(
  'workspace_locked_team_members',
  {
    lockedTeamId: uuid('locked_team_id')
      .notNull()
      .references(() => lockedTeams.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.lockedTeamId, table.memberId] })],
);

// The order and numbers a user gives workspaces on their list page (spec part 1, section 4:
// displayOrder = number - 1), kept per user on the server so every device shows the same.
export const workspaceOrder = pgTable(
  'workspace_order',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    teamNumber: integer('team_number').notNull(),
    displayOrder: integer('display_order').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.workspaceId] }),
    check('workspace_order_number_positive', sql`${table.teamNumber} >= 1`),
    check('workspace_order_display_order', sql`${table.displayOrder} = ${table.teamNumber} - 1`),
  ],
);
