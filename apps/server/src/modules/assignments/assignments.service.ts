import {
  AppError,
  appError,
  type AssignmentsSection,
  type assignmentInput,
  type assignmentUpdate,
  type AssignmentView,
  BYTES_PER_MB,
  type bulkEvaluationInput,
  can,
  handInState,
  type evaluationInput,
  DEFAULT_LATE_RULE,
  roundTo,
  SCORE_MAX,
  TEXT_RULES,
  text,
} from '@teamshuffle/domain';
import type { z } from 'zod';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Db } from '../../plugins/database.ts';
import { KeptAnswers } from '../../db/kept-answers.ts';
import { deleteFileRows, unchargeFiles } from '../files/files.repository.ts';
import type { UploadPolicy } from '../files/files.service.ts';
import {
  notifyAssignmentCreated,
  notifySubmitted,
} from '../notifications/notifications.service.ts';
import { notifyGraded } from '../notifications/notify-graded.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import type { SectionVersion } from '../workspace-access/workspace-access.repository.ts';
import { VersionedCache } from '../../db/versioned-cache.ts';
import { findTeam } from '../workspaces/workspaces.repository.ts';
import {
  findExtension,
  remarkAssignmentAttempts,
} from '../deadline-extensions/deadline-extensions.repository.ts';
import { lateRuleFrom, lateRuleOf, lateRuleTouched } from '../deadline-extensions/late-rule.ts';
import {
  type AssignmentRow,
  type AssignmentsReader,
  deleteAssignment,
  filesOfEarlierAttempts,
  findAssignment,
  findAttempt,
  insertAssignment,
  insertAttempt,
  latestAttempt,
  loadAssignments,
  loadAssignmentsJson,
  type AssignmentsJson,
  lockTeamWork,
  markAttemptDeleted,
  type NewAssignmentRow,
  nextAttemptNumber,
  teamsWithoutLeaderEmail,
  updateAssignment,
  upsertEvaluation,
} from './assignments.repository.ts';

type Input = z.output<typeof assignmentInput>;
type Update = z.output<typeof assignmentUpdate>;

/** Most files one submission may carry. */
const MAX_FILES_PER_SUBMISSION = 10;
// spec part 2, section 5: notes up to 500 characters
const submissionNotes = text(TEXT_RULES.notes);

function readerOf(access: Access, user: SessionUser | null): AssignmentsReader {
  return {
    userId: user?.id ?? null,
    isOwner: access.role === 'owner',
    myTeamId: access.memberTeamId,
  };
}

/** A reader kind's Assignments section, cached per workspace and kind (db/versioned-cache.ts). */
type CachedAssignments = AssignmentsJson & { bytes: number };

/**
 * The answers made from a cached section, by their head (at most two per entry: a team's leader
 * and its members): the same Buffer for every reader of a kind, so that it is not encoded again
 * per request and its compressed copies (plugins/prepared-json.ts, kept per Buffer) are made once.
 * They go with their entry when it leaves the cache (its `bytes` counts them).
 */
const answersOf = new KeptAnswers<CachedAssignments>({ maxAnswers: 2 });

/** The Assignments sections of this instance, checked against the version each request reads. */
export class AssignmentsCache extends VersionedCache<SectionVersion, CachedAssignments> {
  constructor(maxBytes?: number) {
    super((entry) => entry.bytes, maxBytes);
  }
}

/**
 * The Assignments section for the caller, as UTF-8 JSON. What a reader sees depends on their
 * scope (the owner every team's details, a member their own team's) and, for attempts' notes, on
 * whether they wrote one: so the section is cached per scope, and per writer for those few who
 * ever handed something in; each is one query when the cache is older than the version read.
 */
export async function getAssignmentsSection(
  db: Db,
  cache: AssignmentsCache,
  access: Access,
  user: SessionUser | null,
): Promise<Buffer> {
  const workspaceId = access.workspace.id;
  const canManage = can(access.role, 'manageAssignments');
  const reader = readerOf(access, user);
  const load = (kind: string, asReader: AssignmentsReader) =>
    cache.get(`${workspaceId}:${canManage ? 'm' : ''}:${kind}`, access.sectionVersion, async () => {
      const loaded = await loadAssignmentsJson(db, workspaceId, asReader, {
        withMissingLeaders: canManage,
      });
      // The strings (UTF-16) and up to two answers made from them (UTF-8, 3 bytes a Korean
      // character), with their compressed copies (half as much again at most).
      const characters = loaded.assignments.length + loaded.missing.length;
      const answer = Buffer.byteLength(loaded.assignments) + Buffer.byteLength(loaded.missing);
      return { ...loaded, bytes: characters * 2 + answer * 2 * 1.5 + 200 };
    });
  let section: CachedAssignments;
  if (reader.isOwner) {
    section = await load('*', reader);
  } else {
    const team = reader.myTeamId ?? '-';
    section = await load(team, { ...reader, userId: null });
    if (reader.userId !== null && section.submitters.includes(reader.userId)) {
      section = await load(`${team}:${reader.userId}`, reader);
    }
  }
  const head = JSON.stringify({
    canManage,
    myTeamId: access.memberTeamId,
    isLeader: access.role === 'leader',
  } satisfies Omit<AssignmentsSection, 'assignments' | 'teamsWithoutLeaderEmail'>);
  return answersOf.get(section, head, () =>
    Buffer.from(
      `${head.slice(0, -1)},"teamsWithoutLeaderEmail":${section.missing},"assignments":${section.assignments}}`,
    ),
  );
}

/** One assignment card as the caller sees it (after a change). */
export async function presentAssignment(
  db: Db,
  access: Access,
  user: SessionUser,
  assignmentId: string,
): Promise<AssignmentView> {
  const {
    assignments: [view],
  } = await loadAssignments(db, access.workspace.id, readerOf(access, user), { assignmentId });
  if (!view) throw new AppError('assignment_not_found');
  return view;
}

/** An assignment of the caller's workspace, or assignment_not_found. */
export async function assignmentOf(db: Db, access: Access, assignmentId: string) {
  const row = await findAssignment(db, access.workspace.id, assignmentId);
  if (!row) throw new AppError('assignment_not_found');
  return row;
}

function columnsOf(input: Partial<Input>): Partial<NewAssignmentRow> {
  const values: Partial<NewAssignmentRow> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.description !== undefined) values.description = input.description;
  if (input.startAt !== undefined) values.startAt = input.startAt ? new Date(input.startAt) : null;
  if (input.endAt !== undefined) values.endAt = input.endAt ? new Date(input.endAt) : null;
  if (input.maxFileSizeMb !== undefined) values.maxFileSizeMb = input.maxFileSizeMb;
  if (input.allowedTypes !== undefined) values.allowedFileTypes = [...input.allowedTypes];
  return values;
}

/**
 * Create Assignment (owner). Every team's leader must have an e-mail first (spec part 2,
 * section 5: 'Some team leaders don't have email addresses set...'): only they can submit.
 */
export async function createAssignment(
  db: Db,
  access: Access,
  user: SessionUser,
  input: Input,
): Promise<AssignmentView> {
  const missing = await teamsWithoutLeaderEmail(db, access.workspace.id);
  if (missing.length > 0) throw new AppError('leader_emails_missing');
  // spec part 2, section 7: every member of the workspace but its creator is told, in the same
  // transaction (issue 23).
  const assignmentId = await db.transaction(async (tx) => {
    const id = await insertAssignment(tx, {
      workspaceId: access.workspace.id,
      createdBy: user.id,
      title: input.title,
      description: input.description,
      startAt: input.startAt ? new Date(input.startAt) : null,
      endAt: input.endAt ? new Date(input.endAt) : null,
      maxFileSizeMb: input.maxFileSizeMb,
      allowedFileTypes: [...input.allowedTypes],
      ...lateRuleFrom(DEFAULT_LATE_RULE, input),
    });
    await notifyAssignmentCreated(tx, access.workspace.id, { id, title: input.title }, user.id);
    return id;
  });
  return presentAssignment(db, access, user, assignmentId);
}

/** Edit an assignment (owner): title, description, window, size and types. */
export async function changeAssignment(
  db: Db,
  access: Access,
  user: SessionUser,
  assignmentId: string,
  update: Update,
): Promise<AssignmentView> {
  const row = await assignmentOf(db, access, assignmentId);
  const start =
    update.startAt !== undefined ? update.startAt : (row.startAt?.toISOString() ?? null);
  const end = update.endAt !== undefined ? update.endAt : (row.endAt?.toISOString() ?? null);
  if (start && end && Date.parse(start) > Date.parse(end)) {
    throw new AppError('validation_failed', {
      message: 'endAt: The end must not be before the start',
      field: 'endAt',
    });
  }
  const values = columnsOf(update);
  if (lateRuleTouched(update)) Object.assign(values, lateRuleFrom(lateRuleOf(row), update));
  await db.transaction(async (tx) => {
    await updateAssignment(tx, row.id, values);
    // The late marks follow a changed end or grace period (decision 0030).
    if (values.endAt !== undefined || values.graceMinutes !== undefined) {
      await remarkAssignmentAttempts(tx, row.id);
    }
  });
  return presentAssignment(db, access, user, row.id);
}

/** Delete an assignment (owner) with its attempts, grades and every submitted file. */
export async function removeAssignment(db: Db, access: Access, assignmentId: string) {
  const row = await assignmentOf(db, access, assignmentId);
  await deleteAssignment(db, row.id);
}

/**
 * Whose work the caller hands in, or the refusal (spec part 2, section 6): a team's leader,
 * matched by verified e-mail (trimmed, case-insensitive) as role resolution did, or the owner on
 * a team's behalf (`onBehalfOf`, recorded as handed in by the owner; issue 25), and only once the
 * window has opened; after the end it is taken and marked late.
 */
export async function submissionTarget(
  db: Db,
  row: AssignmentRow,
  access: Access,
  onBehalfOf: string | undefined,
  now = new Date(),
) {
  let teamId: string;
  let byOwner = false;
  if (access.role === 'owner' && onBehalfOf !== undefined) {
    if ((await findTeam(db, access.workspace.id, onBehalfOf)) === undefined) {
      throw new AppError('team_not_found');
    }
    teamId = onBehalfOf;
    byOwner = true;
  } else {
    if (access.role !== 'leader' || !access.memberTeamId)
      throw new AppError('leader_only_submission');
    // Only the owner hands in for another team.
    if (onBehalfOf !== undefined && onBehalfOf !== access.memberTeamId) {
      throw new AppError('forbidden');
    }
    teamId = access.memberTeamId;
  }
  // The owner may hand in before the window opens (a paper handed in early, say).
  if (!byOwner && row.startAt && row.startAt.getTime() > now.getTime())
    throw new AppError('assignment_not_open');
  // Lateness follows the team's own deadline and the grace period (decision 0030); a task that
  // closes at its deadline takes nothing after it, but from the owner (a paper handed in late
  // with a reason, say: recorded as late, by the owner).
  const extension = await findExtension(db, { kind: 'assignment', id: row.id }, { teamId });
  const state = handInState({
    rule: lateRuleOf(row),
    deadline: row.endAt,
    extensionDueAt: extension?.dueAt ?? null,
    at: now,
  });
  if (state.state === 'closed' && !byOwner) throw new AppError('hand_in_closed');
  return { teamId, byOwner, isLate: state.state !== 'on_time' };
}

/**
 * The policy an assignment's files are checked against (spec part 2, section 5). The upload
 * supersedes the team's earlier attempts, the files `recordAttempt` stops charging: near the quota
 * the leader's own charged bytes among them count as left (decision 0016).
 */
export function submissionPolicy(
  row: AssignmentRow,
  user: SessionUser,
  teamId: string,
): UploadPolicy {
  return {
    supersedes: async (tx) =>
      filesOfEarlierAttempts(tx, row.id, teamId, await nextAttemptNumber(tx, row.id, teamId)),
    uploaderId: user.id,
    workspaceId: row.workspaceId,
    kind: 'assignment_submission',
    maxFileBytes: row.maxFileSizeMb * BYTES_PER_MB,
    allowedTypes: row.allowedFileTypes,
    maxFiles: MAX_FILES_PER_SUBMISSION,
    requireFiles: true,
  };
}

/**
 * Writes the team's next attempt (earlier attempts and their grades stay). The attempts it
 * supersedes stop counting toward anyone's quota (decision 0016: history never locks a student out).
 */
export async function recordAttempt(
  tx: Db,
  input: {
    row: AssignmentRow;
    teamId: string;
    isLate: boolean;
    byOwner?: boolean;
    user: SessionUser;
    notes: string | undefined;
    files: ReadonlyArray<{ id: string; name: string; size: number }>;
  },
) {
  const notes = submissionNotes.safeParse(input.notes ?? '');
  if (!notes.success) {
    throw new AppError('validation_failed', {
      message: `notes: ${notes.error.issues[0]?.message ?? 'is invalid'}`,
      field: 'notes',
    });
  }
  await lockTeamWork(tx, input.row.id, input.teamId);
  const attempt = await nextAttemptNumber(tx, input.row.id, input.teamId);
  await insertAttempt(tx, {
    assignmentId: input.row.id,
    teamId: input.teamId,
    submittedBy: input.user.id,
    notes: notes.data,
    attempt,
    isLate: input.isLate,
    byOwner: input.byOwner ?? false,
    files: input.files,
  });
  await unchargeFiles(tx, await filesOfEarlierAttempts(tx, input.row.id, input.teamId, attempt));
  // The owner is told in the same transaction (issue 23).
  await notifySubmitted(
    tx,
    input.row.workspaceId,
    {
      title: input.row.title,
      teamId: input.teamId,
      assignmentId: input.row.id,
      attemptKey: `assignment:${input.row.id}:${input.teamId}:${attempt}`,
    },
    input.user.id,
  );
}

/**
 * Delete an attempt (decision 0016): the owner any attempt, its grade with it; a team's leader
 * their team's attempts that are not graded (graded work is not erased by students: 409
 * submission_graded). Another team's attempt is not found. The attempt stays in the history as
 * deleted; its files go.
 */
export async function removeAttempt(
  db: Db,
  access: Access,
  user: SessionUser,
  assignmentId: string,
  submissionId: string,
) {
  const row = await assignmentOf(db, access, assignmentId);
  const isOwner = access.role === 'owner';
  await db.transaction(async (tx) => {
    const found = await findAttempt(tx, row.id, submissionId);
    if (!found || (!isOwner && found.teamId !== access.memberTeamId)) {
      throw new AppError('submission_not_found');
    }
    await lockTeamWork(tx, row.id, found.teamId);
    // Read again under the lock: a grade or a delete may have come in between.
    const attempt = await findAttempt(tx, row.id, submissionId);
    if (!attempt || attempt.isDeleted) throw new AppError('submission_not_found');
    if (!isOwner && attempt.isGraded) throw new AppError('submission_graded');
    if (!isOwner && access.role !== 'leader') throw new AppError('leader_only_submission');
    await markAttemptDeleted(tx, attempt.id, user.id);
    await deleteFileRows(tx, attempt.fileIds);
  });
}

async function teamNumberOf(db: Db, access: Access, teamId: string) {
  return (await findTeam(db, access.workspace.id, teamId))?.number;
}

/** A team's row of a grading action, on the action's scale; a null score: feedback only. */
type GradeEntry = {
  teamId: string;
  rawScore: number | null;
  maxScore: number;
  feedback: string;
  /** Grade a team that handed nothing in ("no submission"), on purpose. */
  noSubmission: boolean;
};

/**
 * Grades the team's latest attempt, or "no submission" when it has none and the row says so on
 * purpose; inside `tx`. Returns the refusal's words instead when the team handed nothing in and
 * the row did not say so (issue 25: a grade is never invented for work that does not exist).
 */
async function gradeTeam(
  tx: Db,
  row: AssignmentRow,
  user: SessionUser,
  entry: GradeEntry,
): Promise<string | null> {
  await lockTeamWork(tx, row.id, entry.teamId);
  const latest = await latestAttempt(tx, row.id, entry.teamId);
  if (!latest && !entry.noSubmission) {
    return 'No submission (mark it "No submission" to grade it)';
  }
  await upsertEvaluation(tx, {
    assignmentId: row.id,
    teamId: entry.teamId,
    submissionId: latest?.id ?? null,
    score: entry.rawScore === null ? null : roundTo((entry.rawScore / entry.maxScore) * 100, 2),
    rawScore: entry.rawScore === null ? null : roundTo(entry.rawScore, 2),
    maxScore: entry.maxScore,
    feedback: entry.feedback,
    evaluatedBy: user.id,
  });
  return null;
}

/**
 * Evaluate one team (owner): score 0-100 and feedback on its latest attempt, or "no submission"
 * when it has none (the dialog says so: grading a team alone is on purpose). Its members are told
 * (submission_graded) in the same transaction.
 */
export async function evaluateTeam(
  db: Db,
  access: Access,
  user: SessionUser,
  assignmentId: string,
  input: z.output<typeof evaluationInput>,
): Promise<AssignmentView> {
  const row = await assignmentOf(db, access, assignmentId);
  if ((await teamNumberOf(db, access, input.teamId)) === undefined) {
    throw new AppError('team_not_found');
  }
  await db.transaction(async (tx) => {
    await gradeTeam(tx, row, user, {
      teamId: input.teamId,
      rawScore: input.score,
      maxScore: SCORE_MAX,
      feedback: input.feedback,
      noSubmission: true,
    });
    await notifyGraded(
      tx,
      [
        {
          workspaceId: row.workspaceId,
          title: row.title,
          assignmentId: row.id,
          teamId: input.teamId,
        },
      ],
      user.id,
    );
  });
  return presentAssignment(db, access, user, row.id);
}

/**
 * Bulk evaluation (owner), in one transaction: all or nothing. It never invents or changes a grade
 * silently (issue 25): a score outside 0..max was refused by the schema on its row (never
 * clamped); a row without a score saves its feedback and keeps the score as it was; a team that
 * handed nothing in is graded only when its row is marked "No submission". The refusals name each
 * team ("Failed to evaluate {n} teams: Team 3: ..."). Each student is told once
 * (submission_graded), in the same transaction.
 */
export async function evaluateTeams(
  db: Db,
  access: Access,
  user: SessionUser,
  assignmentId: string,
  input: z.output<typeof bulkEvaluationInput>,
): Promise<AssignmentView> {
  const row = await assignmentOf(db, access, assignmentId);
  const entries = input.entries.filter(
    (entry) => entry.score !== null || entry.feedback.trim() !== '',
  );
  const failures: string[] = [];
  const numbers = new Map<string, number>();
  for (const entry of entries) {
    const number = await teamNumberOf(db, access, entry.teamId);
    if (number === undefined) failures.push(`${entry.teamId}: Team not found`);
    else numbers.set(entry.teamId, number);
  }
  if (failures.length > 0) {
    throw appError('bulk_evaluation_failed', { n: failures.length, details: failures.join('; ') });
  }
  await db.transaction(async (tx) => {
    for (const entry of entries) {
      const refusal = await gradeTeam(tx, row, user, {
        teamId: entry.teamId,
        rawScore: entry.score,
        maxScore: input.maxScore,
        feedback: entry.feedback,
        noSubmission: entry.noSubmission ?? false,
      });
      if (refusal) failures.push(`Team ${numbers.get(entry.teamId)}: ${refusal}`);
    }
    // All or nothing: one refused row rolls every row back.
    if (failures.length > 0) {
      throw appError('bulk_evaluation_failed', {
        n: failures.length,
        details: failures.join('; '),
      });
    }
    await notifyGraded(
      tx,
      entries.map((entry) => ({
        workspaceId: row.workspaceId,
        title: row.title,
        assignmentId: row.id,
        teamId: entry.teamId,
      })),
      user.id,
    );
  });
  return presentAssignment(db, access, user, row.id);
}
