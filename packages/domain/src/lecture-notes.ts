import { z } from 'zod';
import {
  ASSIGNMENT_TYPES,
  LECTURE_NOTE_SORT_ORDERS,
  MAX_FILE_SIZE_MB_DEFAULT,
  MAX_FILE_SIZE_MB_MAX,
  MAX_FILE_SIZE_MB_MIN,
  TASK_ALLOWED_TYPES,
  TASK_DEFAULT_ALLOWED_TYPES,
  WEEK_MAX,
  WEEK_MIN,
  DAYS_PER_WEEK,
  DEFAULT_TASK_TITLE,
  ASSIGNMENT_TYPE_DEFAULT,
} from './constants.ts';
import { storedFile } from './files.ts';
import { evaluationView, personRef, submissionFile, submitterNow } from './submissions.ts';
import { text, TEXT_RULES } from './text.ts';
import {
  checkLateRule,
  DEFAULT_LATE_RULE,
  lateRuleFields,
  lateRuleInputFields,
} from './late-rules.ts';

// The lecture-notes API's contract (spec part 2: the Lecture Notes section, the note modal, task
// and individual submissions): the server's routes and the web's forms and parsers use these.

/** A lecture note's optional task (spec part 2, sections 3 and 5). */
export const taskInput = z
  .object({
    // spec part 2, section 5: 'Please enter a task title' when the task is included
    title: text(TEXT_RULES.title, { required: 'Please enter a task title' }),
    description: text(TEXT_RULES.description),
    /** An instant (ISO 8601 with an offset), or null for no deadline. */
    deadline: z.iso.datetime({ offset: true }).nullable(),
    // spec part 2, section 5: whole number 1 to 100, default 5
    maxFileSizeMb: z
      .number()
      .int('Enter a whole number of MB')
      .min(
        MAX_FILE_SIZE_MB_MIN,
        `Enter a size from ${MAX_FILE_SIZE_MB_MIN} to ${MAX_FILE_SIZE_MB_MAX} MB`,
      )
      .max(
        MAX_FILE_SIZE_MB_MAX,
        `Enter a size from ${MAX_FILE_SIZE_MB_MIN} to ${MAX_FILE_SIZE_MB_MAX} MB`,
      ),
    allowedTypes: z
      .array(z.enum(TASK_ALLOWED_TYPES))
      .min(1, 'Choose at least one file type')
      .refine((types) => new Set(types).size === types.length, 'Each file type only once'),
    assignmentType: z.enum(ASSIGNMENT_TYPES),
    /** Late work (issue 26, decision 0030); left out: accept and flag, no grace. */
    ...lateRuleInputFields,
  })
  .superRefine(checkLateRule);
export type TaskInput = z.input<typeof taskInput>;

/** The task a new note's form starts with (spec part 2, section 9). */
export const DEFAULT_TASK: z.output<typeof taskInput> = {
  title: DEFAULT_TASK_TITLE,
  description: '',
  deadline: null,
  maxFileSizeMb: MAX_FILE_SIZE_MB_DEFAULT,
  allowedTypes: [...TASK_DEFAULT_ALLOWED_TYPES],
  assignmentType: ASSIGNMENT_TYPE_DEFAULT,
  ...DEFAULT_LATE_RULE,
};

const noteFields = {
  // spec part 2, section 5: 'Please enter a title'; title and description trimmed
  title: text(TEXT_RULES.title, { required: 'Please enter a title' }),
  description: text(TEXT_RULES.description),
  week: z
    .number()
    .int()
    .min(WEEK_MIN, `The week must be from ${WEEK_MIN} to ${WEEK_MAX}`)
    .max(WEEK_MAX, `The week must be from ${WEEK_MIN} to ${WEEK_MAX}`),
  /** The lecture's calendar day ('YYYY-MM-DD', Seoul), or null. */
  date: z.iso.date().nullable(),
  task: taskInput.nullable(),
};

/** Create Lecture Note: always created as a draft (spec part 2, section 3: isPublished false). */
export const lectureNoteInput = z.object(noteFields);
export type LectureNoteInput = z.input<typeof lectureNoteInput>;

/** Edit a note (the fields given change), or Publish/Unpublish it. */
export const lectureNoteUpdate = z
  .object({ ...noteFields, isPublished: z.boolean() })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type LectureNoteUpdate = z.input<typeof lectureNoteUpdate>;

/**
 * One attempt at a task. Everyone who can read the note sees that it exists, its attempt number
 * and time; who, the description and the files only the owner and the submitting team see.
 */
export const taskSubmission = z.object({
  id: z.string(),
  attempt: z.number(),
  submittedAt: z.string(),
  isLate: z.boolean(),
  /** Handed in by the workspace's owner on the team's behalf (issue 25; absent: false). */
  byOwner: z.boolean().optional(),
  /** Null for those who see no details; with `files` given, null means the account was deleted. */
  submittedBy: personRef.nullable(),
  /** The submitter has since moved or left (details only; absent or null: still in the team). */
  submitterNow: submitterNow.nullable().optional(),
  description: z.string().nullable(),
  files: z.array(submissionFile).nullable(),
  /** When the attempt was deleted (it stays in the history as deleted; decision 0016). */
  deletedAt: z.string().nullable().optional(),
  /** An individual answer's member (the owner only: whom a grade is for; issue 25). */
  userId: z.string().nullable().optional(),
  /** An individual answer's grade (the owner only; the member reads it in My grades). */
  evaluation: evaluationView.nullable().optional(),
});
export type TaskSubmission = z.infer<typeof taskSubmission>;

/** A team's state on a team task: its current submission (none: Pending) and earlier attempts. */
export const teamTaskState = z.object({
  teamId: z.string(),
  teamNumber: z.number(),
  current: taskSubmission.nullable(),
  /** Replaced attempts, newest first; empty for those who may not see the team's details. */
  history: z.array(taskSubmission),
  /** The owner's evaluation of the current answer (the owner and the team only). */
  evaluation: evaluationView.nullable(),
  /** The team's own later deadline (an extension, decision 0030), for the owner and the team. */
  extendedTo: z.string().nullable().optional(),
});
export type TeamTaskState = z.infer<typeof teamTaskState>;

/** A team's state on an individual task: how many of its members submitted, and what. */
export const individualTaskState = z.object({
  teamId: z.string(),
  teamNumber: z.number(),
  memberCount: z.number(),
  submittedCount: z.number(),
  /** The members' current submissions; only for the owner and the team's own members. */
  submissions: z.array(taskSubmission),
  /**
   * Members' own later deadlines (extensions, decision 0030), for the owner and the team's own
   * members; absent or empty: none.
   */
  extensions: z
    .array(z.object({ memberId: z.string(), userId: z.string().nullable(), dueAt: z.string() }))
    .optional(),
  /** The team's roster entries, for the owner only (whom an extension is for); else null. */
  members: z
    .array(z.object({ memberId: z.string(), name: z.string(), userId: z.string().nullable() }))
    .nullable()
    .optional(),
});
export type IndividualTaskState = z.infer<typeof individualTaskState>;

/** A note's task as the page shows it, with every team's state. */
export const taskView = z.object({
  title: z.string(),
  description: z.string(),
  deadline: z.string().nullable(),
  maxFileSizeMb: z.number(),
  allowedTypes: z.array(z.enum(TASK_ALLOWED_TYPES)),
  assignmentType: z.enum(ASSIGNMENT_TYPES),
  /** Late work (decision 0030). */
  ...lateRuleFields,
  teams: z.array(teamTaskState),
  individual: z.array(individualTaskState),
});
export type TaskView = z.infer<typeof taskView>;

/** An attachment of a note: a stored file, downloaded through the authorized route. */
export const noteAttachment = z.object({
  id: z.string(),
  file: storedFile,
  uploadedBy: personRef.nullable(),
});
export type NoteAttachment = z.infer<typeof noteAttachment>;

/** One lecture note as the Lecture Notes section shows it to the caller. */
export const lectureNote = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  week: z.number(),
  date: z.string().nullable(),
  isPublished: z.boolean(),
  author: personRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller may edit, publish, delete it and manage its attachments (owner or author). */
  canEdit: z.boolean(),
  attachments: z.array(noteAttachment),
  task: taskView.nullable(),
});
export type LectureNote = z.infer<typeof lectureNote>;

/** GET /api/workspaces/:id/notes: the section, in the caller's sort order. */
export const lectureNotesSection = z.object({
  sortOrder: z.enum(LECTURE_NOTE_SORT_ORDERS),
  /** Create Lecture Note is offered (owner, or a member who is not a viewer). */
  canCreate: z.boolean(),
  /** The caller's team, and whether they lead it (who may submit what). */
  myTeamId: z.string().nullable(),
  isLeader: z.boolean(),
  notes: z.array(lectureNote),
});
export type LectureNotesSection = z.infer<typeof lectureNotesSection>;

/**
 * POST /api/workspaces/:id/notes/:noteId/duplicate ("Duplicate to next week", issue 26): the new
 * draft, and how many of the original's attachments it shares by reference (the same stored
 * files, decision 0028).
 */
export const lectureNoteDuplicate = z.object({
  note: lectureNote,
  attachmentsShared: z.number().int().min(0),
});
export type LectureNoteDuplicate = z.infer<typeof lectureNoteDuplicate>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A note's week, lecture day and task deadline one week later (issue 26: week + 1, dates + 7 days). */
export function aWeekLater(note: {
  week: number;
  /** 'YYYY-MM-DD' or null. */
  date: string | null;
  /** An instant (ISO 8601) or null. */
  deadline: string | null;
}): { week: number; date: string | null; deadline: string | null } {
  const shift = DAYS_PER_WEEK * DAY_MS;
  return {
    // spec part 2, section 9: weeks run 1 to 20, so week 20's copy stays in week 20.
    week: Math.min(WEEK_MAX, Math.max(WEEK_MIN, note.week + 1)),
    // A calendar day: read at UTC midnight, so no time zone moves it.
    date:
      note.date === null
        ? null
        : new Date(Date.parse(`${note.date}T00:00:00Z`) + shift).toISOString().slice(0, 10),
    // Seven days of 24 h: the same wall-clock time in a zone without daylight saving (Seoul).
    deadline:
      note.deadline === null ? null : new Date(Date.parse(note.deadline) + shift).toISOString(),
  };
}
