import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assignments } from '../assignments/assignments.table.ts';
import { lectureNotes } from '../lecture-notes/lecture-notes.table.ts';
import { user } from '../users/users.table.ts';
import { teams, workspaceMembers, workspaces } from '../workspaces/workspaces.table.ts';

/**
 * A later deadline the owner gave one team (team work) or one member (an individual note task) for
 * an assignment or a note's task (migration 0038, decision 0030). The holder's effective deadline
 * is coalesce(due_at, the item's deadline). A change bumps the workspace's content version.
 */
export const deadlineExtensions = pgTable(
  'deadline_extensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'cascade' }),
    noteId: uuid('note_id').references(() => lectureNotes.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deadline_extensions_workspace_idx').on(table.workspaceId),
    // The deadline reminders' sweep finds extended deadlines within a week (migration 0039).
    index('deadline_extensions_due_at_idx').on(table.dueAt),
    check(
      'deadline_extensions_one_item',
      sql`(${table.assignmentId} IS NULL) <> (${table.noteId} IS NULL)`,
    ),
    check(
      'deadline_extensions_one_holder',
      sql`(${table.teamId} IS NULL) <> (${table.memberId} IS NULL)`,
    ),
    check(
      'deadline_extensions_assignment_team',
      sql`${table.assignmentId} IS NULL OR ${table.teamId} IS NOT NULL`,
    ),
    uniqueIndex('deadline_extensions_assignment_team')
      .on(table.assignmentId, table.teamId)
      .where(sql`${table.assignmentId} IS NOT NULL AND ${table.teamId} IS NOT NULL`),
    uniqueIndex('deadline_extensions_note_team')
      .on(table.noteId, table.teamId)
      .where(sql`${table.noteId} IS NOT NULL AND ${table.teamId} IS NOT NULL`),
    uniqueIndex('deadline_extensions_note_member')
      .on(table.noteId, table.memberId)
      .where(sql`${table.noteId} IS NOT NULL AND ${table.memberId} IS NOT NULL`),
  ],
);
