import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RosterEventKind, RosterEventState } from '@teamshuffle/domain';
import { user } from '../users/users.table.ts';
import { teams, workspaces } from '../workspaces/workspaces.table.ts';

// Roster changes in a running workspace (issue 24, decision 0019, migration 0028).

/**
 * The activity log: one row per roster change (added, removed, moved, renamed, leader changed,
 * claimed), written in the change's transaction. `member_id` has no foreign key: an entry about a
 * removed member outlives the roster entry. Leader changes are written by a trigger on `teams`.
 */
export const rosterEvents = pgTable(
  'roster_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind').$type<RosterEventKind>().notNull(),
    memberId: uuid('member_id'),
    memberName: text('member_name'),
    before: jsonb('before').$type<RosterEventState>(),
    after: jsonb('after').$type<RosterEventState>(),
    /** Moves and removals: the names in the member's old team at that moment. */
    teamThen: jsonb('team_then').$type<string[]>(),
  },
  (table) => [
    index('roster_events_workspace_idx').on(table.workspaceId, table.id),
    check(
      'roster_events_kind',
      sql`${table.kind} in ('member_added', 'member_removed', 'member_moved', 'member_renamed', 'leader_changed', 'member_claimed', 'member_claim_undone')`,
    ),
  ],
);

/**
 * Who was in which team when: one period per member and team, kept by triggers on
 * `workspace_members` (every path that changes a member's team writes it). `member_id` has no
 * foreign key: a removed member's periods stay (ended, `has_left`).
 */
export const teamMemberships = pgTable(
  'team_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    memberName: text('member_name').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    hasLeft: boolean('has_left').notNull().default(false),
  },
  (table) => [
    index('team_memberships_team_idx').on(table.teamId, table.startedAt),
    index('team_memberships_workspace_idx').on(table.workspaceId, table.startedAt),
    uniqueIndex('team_memberships_one_open_per_member')
      .on(table.memberId)
      .where(sql`${table.endedAt} is null`),
    check('team_memberships_left_ended', sql`not ${table.hasLeft} or ${table.endedAt} is not null`),
  ],
);
