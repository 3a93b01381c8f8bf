import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { evaluationChecks, evaluationColumns, submittedFilesTable } from '../../db/columns.ts';
import { lateRuleChecks, lateRuleColumns } from '../deadline-extensions/late-rule.columns.ts';
import { user } from '../users/users.table.ts';
import { teams, workspaces } from '../workspaces/workspaces.table.ts';

// Assignments with their windows, every attempt of every team kept, and evaluations attached to
// the attempt they graded (ARCHITECTURE.md: where the spec is changed on purpose).

export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** Creation order, for the cards' numbers (identity values follow insertion order). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    maxFileSizeMb: integer('max_file_size_mb').notNull().default(5),
    allowedFileTypes: text('allowed_file_types').array().notNull(),
    /** Late work: accept and flag, accept with a penalty, or close (migration 0038). */
    ...lateRuleColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('assignments_workspace_idx').on(table.workspaceId),
    // The deadline reminders' sweep reads the deadlines within a week (migration 0039).
    index('assignments_end_at_idx')
      .on(table.endAt)
      .where(sql`${table.endAt} is not null`),
    check('assignments_title_not_blank', sql`length(btrim(${table.title})) > 0`),
    // spec part 2, section 5: 1 to 100 MB; pdf, doc, docx, ppt, pptx, txt, jpg, jpeg, png, zip
    check('assignments_max_file_size_range', sql`${table.maxFileSizeMb} between 1 and 100`),
    check(
      'assignments_allowed_types',
      sql`cardinality(${table.allowedFileTypes}) > 0 and ${table.allowedFileTypes} <@ array['pdf','doc','docx','ppt','pptx','txt','jpg','jpeg','png','zip']::text[]`,
    ),
    check(
      'assignments_window_in_order',
      sql`${table.startAt} is null or ${table.endAt} is null or ${table.startAt} <= ${table.endAt}`,
    ),
    ...lateRuleChecks('assignments', table),
  ],
);

/** One attempt of a team at an assignment; the latest attempt is the team's submission. */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    attempt: integer('attempt').notNull(),
    isLate: boolean('is_late').notNull().default(false),
    /** Handed in by the workspace's owner on the team's behalf (spec part 2, section 6). */
    byOwner: boolean('by_owner').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the attempt was deleted: it stays in the history as deleted (decision 0016). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('assignment_submissions_attempt').on(table.assignmentId, table.teamId, table.attempt),
    check('assignment_submissions_attempt_positive', sql`${table.attempt} >= 1`),
    // spec part 2, section 9: notes field max 500 characters
    check('assignment_submissions_notes_length', sql`char_length(${table.notes}) <= 500`),
  ],
);

/** The files of an attempt (their file goes when the row goes: a trigger, migration 0013). */
export const assignmentSubmissionFiles = submittedFilesTable(
  'assignment_submission_files',
  () => assignmentSubmissions.id,
);

/**
 * A grade. `submission_id` is the attempt it graded, or null for a team that handed nothing in.
 * One evaluation per attempt (and one "no submission" per team): evaluating again updates it, so
 * two evaluations at the same moment leave one consistent row.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => assignmentSubmissions.id, {
      onDelete: 'cascade',
    }),
    ...evaluationColumns(),
  },
  (table) => [
    // The grade of an attempt is looked up by its attempt (every section read): without this
    // index each lookup scanned every evaluation in the database (issue 22).
    index('evaluations_submission_idx').on(table.submissionId),
    unique('evaluations_one_per_attempt')
      .on(table.assignmentId, table.teamId, table.submissionId)
      .nullsNotDistinct(),
    ...evaluationChecks('evaluations', table),
  ],
);
