import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GradebookItemKind } from '@teamshuffle/domain';
import { user } from '../users/users.table.ts';
import { workspaceMembers, workspaces } from '../workspaces/workspaces.table.ts';

// The gradebook (issue 25, decision 0024, migration 0032).

/**
 * The owner's override of the grade one member gets for one item (a team's grade, or their own),
 * with its reason; or the member excused from the item (no score). One per member and item.
 */
export const gradeOverrides = pgTable(
  'grade_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').$type<GradebookItemKind>().notNull(),
    /** An assignment, a lecture note (its task) or a peer evaluation: no foreign key. */
    itemId: uuid('item_id').notNull(),
    /** Percent of the maximum; null when excused. */
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }),
    isExcused: boolean('is_excused').notNull().default(false),
    reason: text('reason').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('grade_overrides_workspace_idx').on(table.workspaceId),
    unique('grade_overrides_one_per_member_item').on(table.memberId, table.itemKind, table.itemId),
    check(
      'grade_overrides_item_kind',
      sql`${table.itemKind} in ('assignment', 'team_task', 'individual_task', 'peer')`,
    ),
    check('grade_overrides_score_range', sql`${table.score} between 0 and 100`),
    check(
      'grade_overrides_score_or_excused',
      sql`${table.isExcused} or ${table.score} is not null`,
    ),
    check('grade_overrides_reason_length', sql`length(btrim(${table.reason})) between 1 and 500`),
  ],
);

/** The owner's category weights (no row: equal weights). */
export const gradebookWeights = pgTable(
  'gradebook_weights',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    assignments: integer('assignments').notNull(),
    tasks: integer('tasks').notNull(),
    peer: integer('peer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'gradebook_weights_range',
      sql`${table.assignments} between 0 and 100 and ${table.tasks} between 0 and 100 and ${table.peer} between 0 and 100`,
    ),
    check('gradebook_weights_some', sql`${table.assignments} + ${table.tasks} + ${table.peer} > 0`),
  ],
);
