import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { evaluationChecks, evaluationColumns, submittedFilesTable } from '../../db/columns.ts';
import { lateRuleChecks, lateRuleColumns } from '../deadline-extensions/late-rule.columns.ts';
import { files } from '../files/files.table.ts';
import { user } from '../users/users.table.ts';
import { teams, workspaces } from '../workspaces/workspaces.table.ts';

// Weekly lecture notes (spec part 2): each fact in its own row. The spec kept submissions as whole
// arrays inside the note, and lost one team's submission when another wrote at the same time.

export const lectureNotes = pgTable(
  'lecture_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone: the note stays with the workspace. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    week: integer('week').notNull(),
    lectureDate: date('lecture_date'),
    isPublished: boolean('is_published').notNull().default(false),
    hasTask: boolean('has_task').notNull().default(false),
    taskTitle: text('task_title'),
    taskDescription: text('task_description').notNull().default(''),
    taskDeadline: timestamp('task_deadline', { withTimezone: true }),
    maxFileSizeMb: integer('max_file_size_mb').notNull().default(5),
    allowedFileTypes: text('allowed_file_types').array().notNull(),
    assignmentType: text('assignment_type').notNull().default('team'),
    /** Late work on the task: accept and flag, accept with a penalty, or close (migration 0038). */
    ...lateRuleColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lecture_notes_workspace_idx').on(table.workspaceId),
    // The deadline reminders' sweep reads the published tasks' deadlines within a week (0039).
    index('lecture_notes_task_deadline_idx')
      .on(table.taskDeadline)
      .where(sql`${table.isPublished} and ${table.hasTask} and ${table.taskDeadline} is not null`),
    // spec part 2, section 9: week 1 to 20; max file size 1 to 100 MB
    check('lecture_notes_week_range', sql`${table.week} between 1 and 20`),
    check('lecture_notes_max_file_size_range', sql`${table.maxFileSizeMb} between 1 and 100`),
    check('lecture_notes_title_not_blank', sql`length(btrim(${table.title})) > 0`),
    check('lecture_notes_assignment_type', sql`${table.assignmentType} in ('team', 'individual')`),
    check(
      'lecture_notes_task_title',
      sql`not ${table.hasTask} or length(btrim(coalesce(${table.taskTitle}, ''))) > 0`,
    ),
    check(
      'lecture_notes_allowed_types',
      sql`${table.allowedFileTypes} <@ array['pdf','doc','docx','txt','jpg','jpeg','png','gif','ppt','pptx']::text[]`,
    ),
    ...lateRuleChecks('lecture_notes', table),
  ],
);

/**
 * A file attached to a note. A note's copy (Duplicate to next week) holds the same file by
 * reference, so one file may be attached to several notes, once to each; deleting the last row
 * that holds it deletes the file (a trigger, migrations 0011 and 0040).
 */
export const noteAttachments = pgTable(
  'note_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => lectureNotes.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Upload order (identity values follow the order rows are inserted). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('note_attachments_note_idx').on(table.noteId),
    uniqueIndex('note_attachments_note_file_key').on(table.noteId, table.fileId),
    index('note_attachments_file_idx').on(table.fileId),
  ],
);

/**
 * One attempt at a note's task: by a team (its leader submits) or by one member (individual
 * tasks). The latest is `is_current`; the database allows one current attempt per note and team,
 * or per note and user, so two writers can never leave two.
 */
export const taskSubmissions = pgTable(
  'task_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => lectureNotes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * The member who submitted for themselves (individual tasks); null for team tasks, and once
     * the member's account is gone (the answer stays with the workspace, decision 0016).
     */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    attempt: integer('attempt').notNull(),
    isCurrent: boolean('is_current').notNull().default(true),
    /** Handed in by the workspace's owner on the team's behalf (spec part 2, section 6). */
    byOwner: boolean('by_owner').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the attempt was deleted: it stays in the history as deleted (decision 0016). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('task_submissions_note_idx').on(table.noteId),
    check('task_submissions_kind', sql`${table.kind} in ('team', 'individual')`),
    check(
      'task_submissions_individual_user',
      sql`${table.kind} = 'individual' or ${table.userId} is null`,
    ),
    check(
      'task_submissions_deleted_not_current',
      sql`not (${table.isCurrent} and ${table.deletedAt} is not null)`,
    ),
    check('task_submissions_attempt_positive', sql`${table.attempt} >= 1`),
    uniqueIndex('task_submissions_one_current_per_team')
      .on(table.noteId, table.teamId)
      .where(sql`${table.isCurrent} and ${table.kind} = 'team'`),
    uniqueIndex('task_submissions_one_current_per_user')
      .on(table.noteId, table.userId)
      .where(sql`${table.isCurrent} and ${table.kind} = 'individual'`),
  ],
);

/** The files of an attempt; name and size stay when a replaced attempt's bytes are freed. */
export const taskSubmissionFiles = submittedFilesTable(
  'task_submission_files',
  () => taskSubmissions.id,
);

/** The owner's evaluation of a team's answer to a team task (one per attempt, updated in place). */
export const taskEvaluations = pgTable(
  'task_evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .unique()
      .references(() => taskSubmissions.id, { onDelete: 'cascade' }),
    ...evaluationColumns(),
  },
  (table) => [...evaluationChecks('task_evaluations', table)],
);
