import {
  AppError,
  appError,
  ATTACHMENT_ALLOWED_TYPES,
  BYTES_PER_MB,
  can,
  DEFAULT_LATE_RULE,
  handInState,
  isLectureNoteSortOrder,
  type LateRule,
  LECTURE_NOTE_SORT_ORDER_DEFAULT,
  roundTo,
  SCORE_MAX,
  type LectureNote,
  type lectureNoteInput,
  type LectureNotesSection,
  type lectureNoteUpdate,
  type taskBulkEvaluationInput,
  type taskEvaluationInput,
  TEXT_RULES,
  text,
} from '@teamshuffle/domain';
import type { z } from 'zod';
import type { SessionUser } from '../../plugins/auth.ts';
import { KeptAnswers } from '../../db/kept-answers.ts';
import type { Db } from '../../plugins/database.ts';
import { deleteFileRows, unchargeFiles } from '../files/files.repository.ts';
import type { UploadPolicy } from '../files/files.service.ts';
import { notifySubmitted, notifyTaskPublished } from '../notifications/notifications.service.ts';
import { notifyGraded } from '../notifications/notify-graded.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import { findTeam } from '../workspaces/workspaces.repository.ts';
import type { SectionVersion } from '../workspace-access/workspace-access.repository.ts';
import { VersionedCache } from '../../db/versioned-cache.ts';
import { taskExtensionDueAt } from '../deadline-extensions/deadline-extensions.repository.ts';
import { lateRuleFrom, lateRuleOf } from '../deadline-extensions/late-rule.ts';
import {
  deleteAttachment,
  deleteNote,
  findAnswerOwnerOf,
  findAttempt,
  findCurrentAnswer,
  findNote,
  hasSubmissions,
  insertAttempt,
  insertNote,
  lockAnswer,
  lockNote,
  markAttemptDeleted,
  type NewNoteRow,
  nextAttempt,
  type NoteRow,
  retireAttempt,
  type SubmissionOwner,
  teamOfAnswerer,
  updateNote,
  upsertTaskEvaluation,
} from './lecture-notes.repository.ts';
import {
  assembleNotes,
  loadNoteParts,
  loadNotes,
  loadScopedNotes,
  type NotesParts,
  notesJsonFor,
  type NotesReader,
  type NotesScope,
  type ScopedNote,
  scopeOf,
} from './notes-section.repository.ts';

type NoteInput = z.output<typeof lectureNoteInput>;
type NoteUpdate = z.output<typeof lectureNoteUpdate>;

/** Most files one attachment upload or one submission may carry. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Attachments have no limit in the spec; this one keeps a single slide deck or video sane. */
const ATTACHMENT_MAX_MB = 100;
const submissionDescription = text(TEXT_RULES.description);

function readerOf(access: Access, user: SessionUser | null): NotesReader {
  return {
    userId: user?.id ?? null,
    isOwner: access.role === 'owner',
    canAuthor: can(access.role, 'createNote'),
    myTeamId: access.memberTeamId,
  };
}

function sortOrderOf(access: Access) {
  return isLectureNoteSortOrder(access.sortOrder)
    ? access.sortOrder
    : LECTURE_NOTE_SORT_ORDER_DEFAULT;
}

/**
 * A scope's notes, cached per workspace and scope (db/versioned-cache.ts); the scope of no team's
 * details also keeps its parts, which every team's scope is made from.
 */
type CachedNotes = {
  version: SectionVersion;
  notes: ScopedNote[];
  parts?: NotesParts;
  bytes: number;
};

/** The Lecture Notes sections of this instance, checked against the version each request reads. */
export class NotesCache extends VersionedCache<SectionVersion, CachedNotes> {
  constructor(maxBytes?: number) {
    super((entry) => entry.bytes, maxBytes);
  }
}

/**
 * The answers made from a cached entry's notes, by reader kind (see `getNotesSection`): they live
 * as long as the entry's notes array, so an entry replaced or evicted takes its answers along.
 */
const ANSWERS_PER_ENTRY = 4;
const answersOf = new KeptAnswers<readonly ScopedNote[]>({ maxAnswers: ANSWERS_PER_ENTRY });

/** The notes (UTF-16) and room for the answers kept from them (UTF-8, with their compressed
 * copies at most half as much again; see `answersOf`), and the parts kept with them. */
function cachedNotes(
  loaded: { version: SectionVersion; notes: ScopedNote[] },
  parts?: NotesParts,
): CachedNotes {
  let bytes = loaded.notes.reduce(
    (sum, note) =>
      sum + note.tail.length * 2 + Buffer.byteLength(note.tail) * ANSWERS_PER_ENTRY * 1.5 + 200,
    0,
  );
  for (const note of parts?.notes ?? []) {
    bytes += (note.body.length + (note.entries ?? []).reduce((n, e) => n + e.length, 0)) * 2 + 200;
  }
  return { ...loaded, parts, bytes };
}

/**
 * A scope's notes from the cache when it holds the version the access query read, else loaded: a
 * team's scope from the parts every team shares (cached as the scope of no team's details) and
 * the team's own entries, so a class's first visits read the shared part once, not once per team.
 */
async function scopedNotes(
  db: Db,
  cache: NotesCache,
  access: Access,
  scope: NotesScope,
): Promise<CachedNotes> {
  const workspaceId = access.workspace.id;
  const version = access.sectionVersion;
  const sharedKey = `${workspaceId}:-`;
  const shared = () =>
    cache.get(sharedKey, version, async () => {
      const parts = await loadNoteParts(db, workspaceId, false);
      return cachedNotes({ version: parts.version, notes: assembleNotes(parts) }, parts);
    });
  if (scope.allTeams) {
    return cache.get(`${workspaceId}:*`, version, async () =>
      cachedNotes(await loadScopedNotes(db, workspaceId, scope)),
    );
  }
  if (scope.teamId === null) return shared();
  const key = `${workspaceId}:${scope.teamId}`;
  const kept = cache.peek(key, version);
  if (kept) return kept;
  // Outside the team's load: a load must not get from the cache (versioned-cache.ts).
  const { parts } = await shared();
  return cache.get(key, version, async () =>
    cachedNotes(await loadScopedNotes(db, workspaceId, scope, null, parts ?? null)),
  );
}

/**
 * The Lecture Notes section for the caller, as UTF-8 JSON: the notes of the caller's scope (every
 * team's details for the owner, their own team's for a member) come from the cache when it holds
 * the version the access query read, else from the database (`scopedNotes`); the caller's own
 * part (which drafts, `canEdit`, the sort order) is applied to them here.
 */
export async function getNotesSection(
  db: Db,
  cache: NotesCache,
  access: Access,
  user: SessionUser | null,
): Promise<Buffer> {
  const sortOrder = sortOrderOf(access);
  const reader = readerOf(access, user);
  const scope = scopeOf(reader);
  const { notes } = await scopedNotes(db, cache, access, scope);
  const head: Omit<LectureNotesSection, 'notes'> = {
    sortOrder,
    canCreate: can(access.role, 'createNote'),
    myTeamId: access.memberTeamId,
    isLeader: access.role === 'leader',
  };
  const json = JSON.stringify(head);
  // Readers who get the same answer share its bytes (and so its compressed copies,
  // plugins/prepared-json.ts): what differs per reader is the head, the sort order, and which
  // notes they wrote (a draft they see, `canEdit`); the owner sees and edits every note.
  const authored = reader.isOwner
    ? '*'
    : notes
        .filter((note) => note.authorId !== null && note.authorId === reader.userId)
        .map((note) => note.id)
        .join(',');
  const answerKey = `${sortOrder}\n${json}\n${reader.isOwner}\n${reader.canAuthor}\n${authored}`;
  // A few kinds of reader per entry (owner; leader, member, viewer of a team), the bound counted
  // in the entry's size; the oldest goes first.
  return answersOf.get(notes, answerKey, () =>
    Buffer.from(`${json.slice(0, -1)},"notes":${notesJsonFor(notes, reader, sortOrder)}}`),
  );
}

/** One note as the caller sees it (after a change). */
export async function presentNote(db: Db, access: Access, user: SessionUser, noteId: string) {
  const [note] = await loadNotes(
    db,
    access.workspace.id,
    readerOf(access, user),
    sortOrderOf(access),
    noteId,
  );
  if (!note) throw new AppError('lecture_note_not_found');
  return note;
}

function taskColumns(
  task: NoteInput['task'],
  storedRule: LateRule = DEFAULT_LATE_RULE,
): Partial<NewNoteRow> {
  if (!task) return { hasTask: false, taskTitle: null, taskDescription: '', taskDeadline: null };
  return {
    // Late work (decision 0030): the fields given over the task's stored rule.
    ...lateRuleFrom(storedRule, task),
    hasTask: true,
    taskTitle: task.title,
    taskDescription: task.description,
    taskDeadline: task.deadline ? new Date(task.deadline) : null,
    maxFileSizeMb: task.maxFileSizeMb,
    allowedFileTypes: [...task.allowedTypes],
    assignmentType: task.assignmentType,
  };
}

/** Create Lecture Note (owner, or a member who is not a viewer): always a draft at first. */
export async function createNote(
  db: Db,
  access: Access,
  user: SessionUser,
  input: NoteInput,
): Promise<LectureNote> {
  // In a transaction of its own, so that a retried create knows it committed (decision 0015).
  const noteId = await db.transaction((tx) =>
    insertNote(tx, {
      workspaceId: access.workspace.id,
      authorId: user.id,
      title: input.title,
      description: input.description,
      week: input.week,
      lectureDate: input.date,
      isPublished: false,
      allowedFileTypes: [],
      ...taskColumns(input.task),
    }),
  );
  return presentNote(db, access, user, noteId);
}

/** Whether the caller may see a note at all (drafts: its author and the owner). */
function isVisible(note: NoteRow, access: Access, user: SessionUser | null): boolean {
  return (
    note.isPublished || access.role === 'owner' || (user !== null && note.authorId === user.id)
  );
}

/** A note the caller may see, or lecture_note_not_found (a draft of someone else's included). */
async function visibleNote(db: Db, access: Access, user: SessionUser | null, noteId: string) {
  const note = await findNote(db, access.workspace.id, noteId);
  if (!note || !isVisible(note, access, user)) throw new AppError('lecture_note_not_found');
  return note;
}

/** A note the caller may change: the owner, or its author while not a viewer (spec part 2, section 6). */
export async function editableNote(db: Db, access: Access, user: SessionUser, noteId: string) {
  const note = await visibleNote(db, access, user, noteId);
  const isAuthor = note.authorId === user.id && can(access.role, 'createNote');
  if (!can(access.role, 'manageAnyNote') && !isAuthor) throw new AppError('forbidden');
  return note;
}

/** Edit, Publish or Unpublish a note (owner or author); the fields given change. */
export async function changeNote(
  db: Db,
  access: Access,
  user: SessionUser,
  noteId: string,
  update: NoteUpdate,
): Promise<{ view: LectureNote; isNewlyPublished: boolean }> {
  const note = await editableNote(db, access, user, noteId);
  const values: Partial<NewNoteRow> = {};
  if (update.title !== undefined) values.title = update.title;
  if (update.description !== undefined) values.description = update.description;
  if (update.week !== undefined) values.week = update.week;
  if (update.date !== undefined) values.lectureDate = update.date;
  if (update.isPublished !== undefined) values.isPublished = update.isPublished;
  if (update.task !== undefined) {
    // Answers already handed in were made for this task's type: it stays while they exist.
    const changesWho =
      update.task === null
        ? note.hasTask
        : note.hasTask && update.task.assignmentType !== note.assignmentType;
    if (changesWho && (await hasSubmissions(db, note.id))) throw new AppError('task_type_locked');
    Object.assign(values, taskColumns(update.task, lateRuleOf(note)));
  }
  // The publish and its "New task" notifications commit together (issue 23); the row is locked
  // so that two publishes at once notify once.
  const isNewlyPublished = await db.transaction(async (tx) => {
    const before = await lockNote(tx, note.id);
    await updateNote(tx, note.id, values);
    const after = await findNote(tx, note.workspaceId, note.id);
    const isNew = before?.isPublished === false && after?.isPublished === true;
    if (isNew && after.hasTask) {
      await notifyTaskPublished(
        tx,
        after.workspaceId,
        { id: after.id, title: after.title, taskTitle: after.taskTitle ?? after.title },
        user.id,
      );
    }
    return isNew;
  });
  const view = await presentNote(db, access, user, note.id);
  return { view, isNewlyPublished };
}

/** Delete a note (owner or author): its attachments, submissions and files go with it. */
export async function removeNote(db: Db, access: Access, user: SessionUser, noteId: string) {
  const note = await editableNote(db, access, user, noteId);
  await deleteNote(db, note.id);
}

/** The policy an attachment upload is checked against (spec part 2, section 5: the picker's types). */
export function attachmentPolicy(note: NoteRow, user: SessionUser): UploadPolicy {
  return {
    uploaderId: user.id,
    workspaceId: note.workspaceId,
    kind: 'note_attachment',
    maxFileBytes: ATTACHMENT_MAX_MB * BYTES_PER_MB,
    allowedTypes: ATTACHMENT_ALLOWED_TYPES,
    maxFiles: MAX_FILES_PER_UPLOAD,
    requireFiles: true,
  };
}

/** Remove an attachment (owner or author); its file goes with it. */
export async function detachFile(
  db: Db,
  access: Access,
  user: SessionUser,
  noteId: string,
  attachmentId: string,
): Promise<LectureNote> {
  const note = await editableNote(db, access, user, noteId);
  if (!(await deleteAttachment(db, note.id, attachmentId))) throw new AppError('file_not_found');
  return presentNote(db, access, user, note.id);
}

/**
 * Whose answer the caller gives to a note's task, or the refusal: a team task is its team's,
 * submitted by the team's leader (the caller's verified e-mail is that leader's, trimmed and
 * case-insensitive, as role resolution matched it), or by the owner on its behalf (`onBehalfOf`,
 * issue 25: recorded as handed in by the owner); an individual task is the member's own.
 */
async function answerOwner(
  db: Db,
  note: NoteRow,
  access: Access,
  user: SessionUser,
  onBehalfOf: string | undefined,
): Promise<SubmissionOwner> {
  const teamId = access.memberTeamId;
  if (note.assignmentType === 'team') {
    if (access.role === 'owner' && onBehalfOf !== undefined) {
      if ((await findTeam(db, access.workspace.id, onBehalfOf)) === undefined) {
        throw new AppError('team_not_found');
      }
      return { kind: 'team', teamId: onBehalfOf };
    }
    if (access.role !== 'leader' || !teamId) throw new AppError('team_leader_only');
    // Only the owner hands in for another team.
    if (onBehalfOf !== undefined && onBehalfOf !== teamId) throw new AppError('forbidden');
    return { kind: 'team', teamId };
  }
  if (onBehalfOf !== undefined) throw new AppError('forbidden');
  if (!can(access.role, 'submitTask') || !teamId) throw new AppError('not_team_member');
  return { kind: 'individual', teamId, userId: user.id };
}

/** The note whose task the caller answers, and whose answer it is. */
export async function answerTarget(
  db: Db,
  access: Access,
  user: SessionUser,
  noteId: string,
  onBehalfOf?: string,
) {
  const note = await visibleNote(db, access, user, noteId);
  // Issue 27: the note is there, its task is not.
  if (!note.hasTask) throw new AppError('note_has_no_task');
  if (!note.isPublished) throw new AppError('note_not_published');
  const owner = await answerOwner(db, note, access, user, onBehalfOf);
  return { note, owner, byOwner: access.role === 'owner' };
}

/**
 * Refuses a hand-in after the effective deadline (the team's or member's extension, else the
 * task's) plus the grace period on a task that closes at its deadline (decision 0030). The owner's
 * hand-in on a team's behalf is taken (recorded as late, by the owner).
 */
export async function refuseClosedHandIn(
  db: Db,
  note: NoteRow,
  owner: SubmissionOwner,
  access: Access,
  byOwner: boolean,
  now = new Date(),
): Promise<void> {
  if (note.latePolicy !== 'close' || note.taskDeadline === null || byOwner) return;
  const extensionDueAt = await taskExtensionDueAt(
    db,
    note.id,
    owner.kind === 'team' ? { teamId: owner.teamId } : { memberId: access.memberId },
  );
  const state = handInState({
    rule: lateRuleOf(note),
    deadline: note.taskDeadline,
    extensionDueAt,
    at: now,
  });
  if (state.state === 'closed') throw new AppError('hand_in_closed');
}

/**
 * The policy a submission's files are checked against: the task's size and types, in the leader
 * panel's words. The upload replaces the answer's current attempt, whose files `recordAnswer`
 * deletes (or, graded, stops charging): near the quota the caller's own charged bytes among them
 * count as left (decision 0016).
 */
export function submissionPolicy(
  note: NoteRow,
  user: SessionUser,
  owner: SubmissionOwner,
): UploadPolicy {
  return {
    supersedes: async (tx) => (await findCurrentAnswer(tx, note.id, owner))?.fileIds ?? [],
    uploaderId: user.id,
    workspaceId: note.workspaceId,
    kind: 'task_submission',
    maxFileBytes: note.maxFileSizeMb * BYTES_PER_MB,
    allowedTypes: note.allowedFileTypes,
    maxFiles: MAX_FILES_PER_UPLOAD,
    requireFiles: true,
    refusals: { tooLarge: 'files_exceed_max_size', wrongType: 'files_invalid_types' },
  };
}

/**
 * Writes a new attempt as the answer's current one, inside the upload's transaction: the answer
 * is locked first, its current attempt becomes history (its files' bytes are freed, their names
 * and sizes stay), and the new one counts one more.
 */
export async function recordAnswer(
  tx: Db,
  input: {
    note: NoteRow;
    owner: SubmissionOwner;
    user: SessionUser;
    byOwner?: boolean;
    description: string | undefined;
    files: ReadonlyArray<{ id: string; name: string; size: number }>;
  },
): Promise<void> {
  const parsed = submissionDescription.safeParse(input.description ?? '');
  if (!parsed.success) {
    throw new AppError('validation_failed', {
      message: `description: ${parsed.error.issues[0]?.message ?? 'is invalid'}`,
      field: 'description',
    });
  }
  await lockAnswer(tx, input.note.id, input.owner);
  const current = await findCurrentAnswer(tx, input.note.id, input.owner);
  const attempt = await nextAttempt(tx, input.note.id, input.owner);
  if (current) await retireAttempt(tx, current.id);
  await insertAttempt(tx, {
    noteId: input.note.id,
    owner: input.owner,
    submittedBy: input.user.id,
    byOwner: input.byOwner ?? false,
    description: parsed.data,
    attempt,
    files: input.files,
  });
  // The owner is told in the same transaction (issue 23).
  const ownerKey = input.owner.kind === 'team' ? input.owner.teamId : input.owner.userId;
  await notifySubmitted(
    tx,
    input.note.workspaceId,
    {
      title: input.note.taskTitle ?? input.note.title,
      teamId: input.owner.teamId,
      noteId: input.note.id,
      attemptKey: `note:${input.note.id}:${ownerKey}:${attempt}`,
      isIndividual: input.owner.kind === 'individual',
    },
    input.user.id,
  );
  // The replaced attempt keeps its files' names and sizes; its bytes free the uploader's quota.
  // A graded one keeps its bytes too (graded work is not erased by students), charged to no one
  // now that it is superseded (decision 0016).
  if (current?.isGraded) await unchargeFiles(tx, current.fileIds);
  else if (current) await deleteFileRows(tx, current.fileIds);
}

/**
 * Delete the caller's current answer (a team's leader, or a member their own): refused once the
 * owner graded it (decision 0016). The attempt stays in the history as deleted; its files go.
 */
export async function withdrawAnswer(db: Db, access: Access, user: SessionUser, noteId: string) {
  const { note, owner } = await answerTarget(db, access, user, noteId);
  await db.transaction(async (tx) => {
    await lockAnswer(tx, note.id, owner);
    const current = await findCurrentAnswer(tx, note.id, owner);
    if (!current) throw new AppError('submission_not_found');
    if (current.isGraded) throw new AppError('submission_graded');
    await markAttemptDeleted(tx, current.id, user.id);
    await deleteFileRows(tx, current.fileIds);
  });
}

/**
 * Delete an attempt of any team or member (owner), graded or not: its grade goes with it (the web
 * names it in the confirmation), its files go, and it stays in the history as deleted.
 */
export async function removeAnswer(
  db: Db,
  access: Access,
  user: SessionUser,
  noteId: string,
  submissionId: string,
) {
  if (access.role !== 'owner') throw new AppError('forbidden');
  const note = await visibleNote(db, access, user, noteId);
  const owner = await findAnswerOwnerOf(db, note.id, submissionId);
  if (!owner) throw new AppError('submission_not_found');
  await db.transaction(async (tx) => {
    await lockAnswer(tx, note.id, owner);
    const attempt = await findAttempt(tx, submissionId);
    if (!attempt || attempt.isDeleted) throw new AppError('submission_not_found');
    await markAttemptDeleted(tx, attempt.id, user.id);
    await deleteFileRows(tx, attempt.fileIds);
  });
}

/** A row of a task grading action: whose answer, the score on the action's scale, feedback. */
type TaskGrade = {
  owner: SubmissionOwner;
  rawScore: number | null;
  maxScore: number;
  feedback: string;
};

/**
 * Grades an answer's current attempt inside `tx`, or returns the refusal's id when there is none
 * (a grade is never invented for work that does not exist). A null score (feedback only, issue
 * 25) saves the feedback and keeps the score the attempt had, if any.
 */
async function gradeAnswer(
  tx: Db,
  noteId: string,
  user: SessionUser,
  grade: TaskGrade,
): Promise<'submission_not_found' | 'member_submission_not_found' | null> {
  await lockAnswer(tx, noteId, grade.owner);
  const current = await findCurrentAnswer(tx, noteId, grade.owner);
  if (!current) {
    return grade.owner.kind === 'team' ? 'submission_not_found' : 'member_submission_not_found';
  }
  await upsertTaskEvaluation(tx, {
    submissionId: current.id,
    score: grade.rawScore === null ? null : roundTo((grade.rawScore / grade.maxScore) * 100, 2),
    rawScore: grade.rawScore === null ? null : roundTo(grade.rawScore, 2),
    maxScore: grade.maxScore,
    feedback: grade.feedback,
    evaluatedBy: user.id,
  });
  return null;
}

/** Whose answer a grading row names: a team on a team task, a member on an individual one. */
async function gradedOwner(
  db: Db,
  access: Access,
  note: NoteRow,
  entry: { teamId?: string | undefined; userId?: string | undefined },
): Promise<SubmissionOwner | null> {
  if (note.assignmentType === 'team') {
    if (!entry.teamId) return null;
    return (await findTeam(db, access.workspace.id, entry.teamId))
      ? { kind: 'team', teamId: entry.teamId }
      : null;
  }
  if (!entry.userId) return null;
  const teamId = await teamOfAnswerer(db, note.id, entry.userId);
  return teamId ? { kind: 'individual', teamId, userId: entry.userId } : null;
}

/** What a graded answer's notification names (the team's members, or the member). */
function gradedWork(note: NoteRow, owner: SubmissionOwner) {
  const base = {
    workspaceId: note.workspaceId,
    title: note.taskTitle ?? note.title,
    noteId: note.id,
  };
  return owner.kind === 'team'
    ? { ...base, teamId: owner.teamId }
    : { ...base, userId: owner.userId, teamId: owner.teamId };
}

/**
 * Evaluate an answer to a note's task (owner), as assignments are evaluated: a team's (team
 * task) or one member's (individual task, `userId`; issue 25), its current attempt; the spec's
 * errors when the note, the task or the answer is missing. Whoever's work it is is told
 * (submission_graded) in the same transaction.
 */
export async function evaluateTaskAnswer(
  db: Db,
  access: Access,
  user: SessionUser,
  noteId: string,
  input: z.output<typeof taskEvaluationInput>,
): Promise<LectureNote> {
  const note = await visibleNote(db, access, user, noteId);
  if (!note.hasTask) throw new AppError('team_assignment_not_found');
  const owner = await gradedOwner(db, access, note, input);
  if (!owner) {
    throw new AppError(
      note.assignmentType === 'team' ? 'team_assignment_not_found' : 'member_submission_not_found',
    );
  }
  await db.transaction(async (tx) => {
    const refusal = await gradeAnswer(tx, note.id, user, {
      owner,
      rawScore: input.score,
      maxScore: SCORE_MAX,
      feedback: input.feedback,
    });
    if (refusal) throw new AppError(refusal);
    await notifyGraded(tx, [gradedWork(note, owner)], user.id);
  });
  return presentNote(db, access, user, note.id);
}

/**
 * Bulk grading of a note's task (owner; issue 25): per team for a team task, per member for an
 * individual one, on a scale of 1 to 1000, in one transaction, all or nothing. A score outside
 * 0..max was refused on its row by the schema (never clamped); a row without a score saves its
 * feedback; a row whose team or member has no answer is refused by name ("Failed to evaluate
 * {n} teams: ..."). Each student is told once (submission_graded), in the same transaction.
 */
export async function evaluateTaskAnswers(
  db: Db,
  access: Access,
  user: SessionUser,
  noteId: string,
  input: z.output<typeof taskBulkEvaluationInput>,
): Promise<LectureNote> {
  const note = await visibleNote(db, access, user, noteId);
  if (!note.hasTask) throw new AppError('team_assignment_not_found');
  const entries = input.entries.filter(
    (entry) => entry.score !== null || entry.feedback.trim() !== '',
  );
  const failures: string[] = [];
  const rows: Array<{ owner: SubmissionOwner; entry: (typeof entries)[number] }> = [];
  for (const entry of entries) {
    const owner = await gradedOwner(db, access, note, entry);
    const name = entry.teamId ?? entry.userId ?? '?';
    if (!owner) failures.push(`${name}: No submission found`);
    else rows.push({ owner, entry });
  }
  if (failures.length > 0) {
    throw appError('bulk_evaluation_failed', { n: failures.length, details: failures.join('; ') });
  }
  await db.transaction(async (tx) => {
    for (const { owner, entry } of rows) {
      const refusal = await gradeAnswer(tx, note.id, user, {
        owner,
        rawScore: entry.score,
        maxScore: input.maxScore,
        feedback: entry.feedback,
      });
      if (refusal) failures.push(`${entry.teamId ?? entry.userId}: No submission found`);
    }
    if (failures.length > 0) {
      throw appError('bulk_evaluation_failed', {
        n: failures.length,
        details: failures.join('; '),
      });
    }
    await notifyGraded(
      tx,
      rows.map(({ owner }) => gradedWork(note, owner)),
      user.id,
    );
  });
  return presentNote(db, access, user, note.id);
}
