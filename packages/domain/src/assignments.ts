import { z } from 'zod';
import {
  ASSIGNMENT_ALLOWED_TYPES,
  BULK_MAX_SCORE_MAX,
  BULK_MAX_SCORE_MIN,
  MAX_FILE_SIZE_MB_MAX,
  MAX_FILE_SIZE_MB_MIN,
  SCORE_MAX,
  SCORE_MIN,
} from './constants.ts';
import { evaluationView, personRef, submissionFile, submitterNow } from './submissions.ts';
import { checkLateRule, lateRuleFields, lateRuleInputFields } from './late-rules.ts';
import { text, TEXT_RULES } from './text.ts';

// The assignments API's contract (spec part 2: the Assignments section, the assignment modal,
// Assignment Submission, Evaluate, Bulk evaluation, Team Scores), with the spec's changes kept on
// purpose (ARCHITECTURE.md): every attempt kept as history, a grade attached to the attempt it
// graded, and a team that handed nothing in graded as "no submission", never a fake submission.

// spec part 2, section 5: 'Set the maximum file size for submissions (1-100 MB)'
const MAX_SIZE_MESSAGE = `Set the maximum file size for submissions (${MAX_FILE_SIZE_MB_MIN}-${MAX_FILE_SIZE_MB_MAX} MB)`;

const assignmentFields = {
  // spec part 2, section 5: a non-empty trimmed title
  title: text(TEXT_RULES.title, { required: 'Please enter a title' }),
  description: text(TEXT_RULES.description),
  /** Instants (ISO 8601 with an offset), or null for an open start or end. */
  startAt: z.iso.datetime({ offset: true }).nullable(),
  endAt: z.iso.datetime({ offset: true }).nullable(),
  maxFileSizeMb: z
    .number()
    .int(MAX_SIZE_MESSAGE)
    .min(MAX_FILE_SIZE_MB_MIN, MAX_SIZE_MESSAGE)
    .max(MAX_FILE_SIZE_MB_MAX, MAX_SIZE_MESSAGE),
  allowedTypes: z
    .array(z.enum(ASSIGNMENT_ALLOWED_TYPES))
    .min(1, 'Choose at least one file type')
    .refine((types) => new Set(types).size === types.length, 'Each file type only once'),
  /** Late work (issue 26, decision 0030); left out: accept and flag, no grace. */
  ...lateRuleInputFields,
};

const windowInOrder = (body: { startAt?: string | null; endAt?: string | null }) =>
  !body.startAt || !body.endAt || Date.parse(body.startAt) <= Date.parse(body.endAt);
const WINDOW_MESSAGE = { message: 'The end must not be before the start', path: ['endAt'] };

/** Create Assignment (owner). */
export const assignmentInput = z
  .object(assignmentFields)
  .refine(windowInOrder, WINDOW_MESSAGE)
  .superRefine(checkLateRule);
export type AssignmentInput = z.input<typeof assignmentInput>;

/** Edit an assignment (owner): the fields given change. */
export const assignmentUpdate = z
  .object(assignmentFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change')
  .refine(windowInOrder, WINDOW_MESSAGE)
  .superRefine(checkLateRule);
export type AssignmentUpdate = z.input<typeof assignmentUpdate>;

/**
 * One attempt at an assignment. Everyone sees that a team submitted (and when); the team and the
 * owner see who and which files; the notes only the owner (and their writer).
 */
export const assignmentAttempt = z.object({
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
  notes: z.string().nullable(),
  files: z.array(submissionFile).nullable(),
  /** When the attempt was deleted (it stays in the history as deleted; decision 0016). */
  deletedAt: z.string().nullable().optional(),
  /** The latest evaluation of this attempt, for the team and the owner. */
  evaluation: evaluationView.nullable(),
});
export type AssignmentAttempt = z.infer<typeof assignmentAttempt>;

/** A team on an assignment card: its latest attempt (none: Pending), history and grade. */
export const assignmentTeamState = z.object({
  teamId: z.string(),
  teamNumber: z.number(),
  leaderName: z.string().nullable(),
  /** spec part 2, section 5: 'Email not set in Settings' when false. */
  hasLeaderEmail: z.boolean(),
  latest: assignmentAttempt.nullable(),
  /** Earlier attempts, newest first (the owner and the team only). */
  history: z.array(assignmentAttempt),
  /** The team's grade: the latest evaluation of any of its attempts, or of "no submission". */
  grade: evaluationView.nullable(),
  /**
   * The team's own later deadline (an extension, decision 0030), for the owner and the team;
   * null or absent: the assignment's end.
   */
  extendedTo: z.string().nullable().optional(),
});
export type AssignmentTeamState = z.infer<typeof assignmentTeamState>;

/** One assignment card. */
export const assignmentView = z.object({
  id: z.string(),
  /** Numbered by creation order (spec part 2, section 2). */
  number: z.number(),
  title: z.string(),
  description: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  maxFileSizeMb: z.number(),
  allowedTypes: z.array(z.enum(ASSIGNMENT_ALLOWED_TYPES)),
  /** Late work (decision 0030). */
  ...lateRuleFields,
  createdAt: z.string(),
  teams: z.array(assignmentTeamState),
});
export type AssignmentView = z.infer<typeof assignmentView>;

/** GET /api/workspaces/:id/assignments: the section, newest first. */
export const assignmentsSection = z.object({
  /** Create, edit, delete, evaluate and export (the owner). */
  canManage: z.boolean(),
  myTeamId: z.string().nullable(),
  isLeader: z.boolean(),
  /** Numbers of the teams whose leader has no e-mail: Create Assignment waits for them. */
  teamsWithoutLeaderEmail: z.array(z.number()),
  assignments: z.array(assignmentView),
});
export type AssignmentsSection = z.infer<typeof assignmentsSection>;

const SCORE_MESSAGE = `Score must be between ${SCORE_MIN} and ${SCORE_MAX}`;

/** Evaluate one team (owner): its latest attempt, or "no submission" when it has none. */
export const evaluationInput = z.object({
  teamId: z.uuid(),
  // spec part 2, section 5: 'Score must be between 0 and 100' (a number: NaN never passes)
  score: z.number(SCORE_MESSAGE).min(SCORE_MIN, SCORE_MESSAGE).max(SCORE_MAX, SCORE_MESSAGE),
  feedback: text(TEXT_RULES.feedback),
});
export type EvaluationInput = z.input<typeof evaluationInput>;

const MAX_SCORE_MESSAGE = `The maximum score must be a whole number from ${BULK_MAX_SCORE_MIN} to ${BULK_MAX_SCORE_MAX}`;

/** The bulk dialog's scale: a whole number 1 to 1000 (spec part 2, section 9). */
export const bulkMaxScore = z
  .number()
  .int(MAX_SCORE_MESSAGE)
  .min(BULK_MAX_SCORE_MIN, MAX_SCORE_MESSAGE)
  .max(BULK_MAX_SCORE_MAX, MAX_SCORE_MESSAGE);

/** A bulk row's score: a number, or null for a row without one (feedback only, or nothing). */
const bulkRowScore = z.number('Enter a number').nullable();

/** The words for a bulk score outside 0..max: an error on its row, never clamped (issue 25). */
export function bulkScoreMessage(maxScore: number): string {
  return `Score must be between ${SCORE_MIN} and ${maxScore}`;
}

/**
 * Bulk rules shared by assignments and tasks (issue 25): each score within 0..max or an error on
 * its own row (the spec clamped it: a typed 70 of 50 became 50/50), and at least one row with a
 * score or feedback (spec part 2, section 5).
 */
function checkBulkRows(
  body: { maxScore: number; entries: ReadonlyArray<{ score: number | null; feedback: string }> },
  ctx: z.RefinementCtx,
) {
  body.entries.forEach((entry, index) => {
    if (entry.score !== null && (entry.score < SCORE_MIN || entry.score > body.maxScore)) {
      ctx.addIssue({
        code: 'custom',
        message: bulkScoreMessage(body.maxScore),
        path: ['entries', index, 'score'],
      });
    }
  });
  if (!body.entries.some((entry) => entry.score !== null || entry.feedback.trim() !== '')) {
    ctx.addIssue({
      code: 'custom',
      message: 'Please enter scores or feedback for at least one team',
      path: ['entries'],
    });
  }
}

/**
 * Bulk evaluation (owner): every team in one go, on a scale of 1 to 1000, all or nothing. It never
 * invents or changes a grade silently (issue 25): a team that handed nothing in is graded only when
 * its row says `noSubmission` on purpose; a row with feedback and no score saves the feedback and
 * leaves the score as it was (none, or the one given before).
 */
export const bulkEvaluationInput = z
  .object({
    maxScore: bulkMaxScore,
    entries: z
      .array(
        z.object({
          teamId: z.uuid(),
          score: bulkRowScore,
          feedback: text(TEXT_RULES.feedback),
          /** The owner grades a team that handed nothing in, as "No submission", on purpose. */
          noSubmission: z.boolean().optional(),
        }),
      )
      .max(100),
  })
  .superRefine(checkBulkRows);
export type BulkEvaluationInput = z.input<typeof bulkEvaluationInput>;

/**
 * Evaluate one answer to a note's task (owner): a team's (`teamId`, team tasks) or one member's
 * (`userId`, individual tasks; issue 25), its current attempt.
 */
export const taskEvaluationInput = z
  .object({
    teamId: z.uuid().optional(),
    userId: z.string().trim().min(1).max(100).optional(),
    score: evaluationInput.shape.score,
    feedback: evaluationInput.shape.feedback,
  })
  .refine((body) => (body.teamId === undefined) !== (body.userId === undefined), {
    message: 'Name either the team or the member whose answer is graded',
    path: ['teamId'],
  });
export type TaskEvaluationInput = z.input<typeof taskEvaluationInput>;

/**
 * Bulk grading of a note's task (owner; issue 25): per team for a team task, per member
 * (`userId`) for an individual task, with bulkEvaluationInput's rules; an answer must exist.
 */
export const taskBulkEvaluationInput = z
  .object({
    maxScore: bulkMaxScore,
    entries: z
      .array(
        z
          .object({
            teamId: z.uuid().optional(),
            userId: z.string().trim().min(1).max(100).optional(),
            score: bulkRowScore,
            feedback: text(TEXT_RULES.feedback),
          })
          .refine((entry) => (entry.teamId === undefined) !== (entry.userId === undefined), {
            message: 'Name either the team or the member whose answer is graded',
          }),
      )
      .max(1000),
  })
  .superRefine(checkBulkRows);
export type TaskBulkEvaluationInput = z.input<typeof taskBulkEvaluationInput>;

/** One team's standing: averages over the workspace's assignments (spec part 2, section 7). */
export const teamScore = z.object({
  teamId: z.string(),
  teamNumber: z.number(),
  leaderName: z.string().nullable(),
  totalAssignments: z.number(),
  evaluatedAssignments: z.number(),
  /** Over evaluated assignments only, 2 decimals; null before any evaluation. */
  averageEvaluated: z.number().nullable(),
  /** With missing work counted as zero, 2 decimals; null when there are no assignments. */
  averageWithMissing: z.number().nullable(),
  /** The team's score per assignment, in creation order (null: not evaluated). */
  scores: z.array(
    z.object({
      assignmentId: z.string(),
      number: z.number(),
      title: z.string(),
      score: z.number().nullable(),
    }),
  ),
});
export type TeamScore = z.infer<typeof teamScore>;

/** GET /api/workspaces/:id/scores: Team Scores (owner). */
export const teamScores = z.object({ teams: z.array(teamScore) });
export type TeamScores = z.infer<typeof teamScores>;
