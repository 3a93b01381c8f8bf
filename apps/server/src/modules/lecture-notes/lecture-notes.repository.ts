import { isUuid } from '@teamshuffle/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import {
  lectureNotes,
  noteAttachments,
  taskEvaluations,
  taskSubmissionFiles,
  taskSubmissions,
} from './lecture-notes.table.ts';
import { rowsOf } from '../../db/rows.ts';

export type NoteRow = typeof lectureNotes.$inferSelect;
export type NewNoteRow = typeof lectureNotes.$inferInsert;

/** A note of the workspace, or undefined (ids that are not UUIDs are simply not found). */
export async function findNote(
  db: Db,
  workspaceId: string,
  noteId: string,
): Promise<NoteRow | undefined> {
  if (!isUuid(noteId)) return undefined;
  const [row] = await db
    .select()
    .from(lectureNotes)
    .where(and(eq(lectureNotes.id, noteId), eq(lectureNotes.workspaceId, workspaceId)));
  return row;
}

/** Writes a new note; returns its id. */
export async function insertNote(db: Db, values: NewNoteRow): Promise<string> {
  const [row] = await db.insert(lectureNotes).values(values).returning({ id: lectureNotes.id });
  return row!.id;
}

/** Changes the given fields of a note (one statement). */
export async function updateNote(db: Db, noteId: string, values: Partial<NewNoteRow>) {
  await db
    .update(lectureNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(lectureNotes.id, noteId));
}

/** Locks a note's row for the rest of the transaction; the row as it was (undefined: gone). */
export async function lockNote(tx: Db, noteId: string): Promise<NoteRow | undefined> {
  const [row] = await tx
    .select()
    .from(lectureNotes)
    .where(eq(lectureNotes.id, noteId))
    .for('update');
  return row;
}

/** Deletes a note; its attachments, submissions and their files go with it (cascade, triggers). */
export async function deleteNote(db: Db, noteId: string) {
  await db.delete(lectureNotes).where(eq(lectureNotes.id, noteId));
}

/** Whether anything was ever handed in for the note's task. */
export async function hasSubmissions(db: Db, noteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: taskSubmissions.id })
    .from(taskSubmissions)
    .where(eq(taskSubmissions.noteId, noteId))
    .limit(1);
  return row !== undefined;
}

/** Links stored files to a note as attachments. */
export async function insertAttachments(db: Db, noteId: string, fileIds: readonly string[]) {
  if (fileIds.length === 0) return [];
  return db
    .insert(noteAttachments)
    .values(fileIds.map((fileId) => ({ noteId, fileId })))
    .returning({ id: noteAttachments.id });
}

/**
 * Removes an attachment of a note (its file goes with it unless another note holds it too: a
 * trigger); false when there is none.
 */
export async function deleteAttachment(db: Db, noteId: string, attachmentId: string) {
  if (!isUuid(attachmentId)) return false;
  const deleted = await db
    .delete(noteAttachments)
    .where(and(eq(noteAttachments.id, attachmentId), eq(noteAttachments.noteId, noteId)))
    .returning({ id: noteAttachments.id });
  return deleted.length === 1;
}

/** Who an answer belongs to: a team (team tasks) or one member (individual tasks). */
export type SubmissionOwner =
  { kind: 'team'; teamId: string } | { kind: 'individual'; teamId: string; userId: string };

function ownerFilter(noteId: string, owner: SubmissionOwner): SQL {
  return owner.kind === 'team'
    ? sql`note_id = ${noteId} and kind = 'team' and team_id = ${owner.teamId}`
    : sql`note_id = ${noteId} and kind = 'individual' and user_id = ${owner.userId}`;
}

/**
 * Serialises every write to one answer (a team's, or a member's) for the rest of the
 * transaction, on any instance: a resubmission and a delete of the same answer never interleave,
 * while answers of different teams go on side by side.
 */
export async function lockAnswer(tx: Db, noteId: string, owner: SubmissionOwner) {
  const key = owner.kind === 'team' ? owner.teamId : owner.userId;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`task:${noteId}:${key}`}, 0))`,
  );
}

/**
 * The current attempt of an answer, the ids of its files that still have bytes, and whether the
 * owner has graded it.
 */
export async function findCurrentAnswer(tx: Db, noteId: string, owner: SubmissionOwner) {
  const result = await tx.execute(sql`
    select s.id, s.attempt,
      coalesce((select array_agg(sf.file_id) from task_submission_files sf
        where sf.submission_id = s.id and sf.file_id is not null), '{}') as file_ids,
      exists (select 1 from task_evaluations e where e.submission_id = s.id) as is_graded
    from task_submissions s where s.is_current and ${ownerFilter(noteId, owner)}`);
  const [row] = rowsOf<{ id: string; attempt: number; file_ids: string[]; is_graded: boolean }>(
    result,
  );
  return row
    ? { id: row.id, attempt: row.attempt, fileIds: row.file_ids, isGraded: row.is_graded }
    : undefined;
}

/** An attempt by id: whether it was deleted, the ids of its files that still have bytes. */
export async function findAttempt(tx: Db, submissionId: string) {
  const result = await tx.execute(sql`
    select s.id, s.deleted_at is not null as is_deleted,
      coalesce((select array_agg(sf.file_id) from task_submission_files sf
        where sf.submission_id = s.id and sf.file_id is not null), '{}') as file_ids
    from task_submissions s where s.id = ${submissionId}`);
  const [row] = rowsOf<{ id: string; is_deleted: boolean; file_ids: string[] }>(result);
  return row ? { id: row.id, isDeleted: row.is_deleted, fileIds: row.file_ids } : undefined;
}

/** Whose answer an attempt of the note is (for the owner's delete), or undefined. */
export async function findAnswerOwnerOf(
  db: Db,
  noteId: string,
  submissionId: string,
): Promise<SubmissionOwner | undefined> {
  if (!isUuid(submissionId)) return undefined;
  const [row] = await db
    .select({
      kind: taskSubmissions.kind,
      teamId: taskSubmissions.teamId,
      userId: taskSubmissions.userId,
    })
    .from(taskSubmissions)
    .where(and(eq(taskSubmissions.id, submissionId), eq(taskSubmissions.noteId, noteId)));
  if (!row) return undefined;
  if (row.kind === 'team') return { kind: 'team', teamId: row.teamId };
  // An individual answer whose member's account is gone is nobody's to resubmit: locked by its id.
  return { kind: 'individual', teamId: row.teamId, userId: row.userId ?? submissionId };
}

/** The next attempt number of an answer (its count goes on across replaced attempts). */
export async function nextAttempt(tx: Db, noteId: string, owner: SubmissionOwner) {
  const result = await tx.execute(
    sql`select coalesce(max(attempt), 0) + 1 as next from task_submissions where ${ownerFilter(noteId, owner)}`,
  );
  return Number(rowsOf<{ next: number | string }>(result)[0]?.next ?? 1);
}

/** Marks an attempt as replaced (kept as history). */
export async function retireAttempt(tx: Db, submissionId: string) {
  await tx
    .update(taskSubmissions)
    .set({ isCurrent: false })
    .where(eq(taskSubmissions.id, submissionId));
}

/**
 * Marks an attempt as deleted: it leaves the current answer and stays in the history as deleted
 * (when, by whom; decision 0016), and its grade goes. The caller removes its files' rows.
 */
export async function markAttemptDeleted(tx: Db, submissionId: string, deletedBy: string) {
  await tx.delete(taskEvaluations).where(eq(taskEvaluations.submissionId, submissionId));
  await tx
    .update(taskSubmissions)
    .set({ isCurrent: false, deletedAt: sql`now()`, deletedBy })
    .where(eq(taskSubmissions.id, submissionId));
}

/** Writes a new current attempt with its files. */
export async function insertAttempt(
  tx: Db,
  input: {
    noteId: string;
    owner: SubmissionOwner;
    submittedBy: string;
    description: string;
    attempt: number;
    byOwner?: boolean;
    files: ReadonlyArray<{ id: string; name: string; size: number }>;
  },
): Promise<string> {
  const [row] = await tx
    .insert(taskSubmissions)
    .values({
      byOwner: input.byOwner ?? false,
      noteId: input.noteId,
      kind: input.owner.kind,
      teamId: input.owner.teamId,
      userId: input.owner.kind === 'individual' ? input.owner.userId : null,
      submittedBy: input.submittedBy,
      description: input.description,
      attempt: input.attempt,
    })
    .returning({ id: taskSubmissions.id });
  if (input.files.length > 0) {
    await tx.insert(taskSubmissionFiles).values(
      input.files.map((file, position) => ({
        submissionId: row!.id,
        fileId: file.id,
        name: file.name,
        size: file.size,
        position,
      })),
    );
  }
  return row!.id;
}

/**
 * The notes an attachment's file is attached to (who may read it is decided from them): one, or
 * an original and its copies (Duplicate to next week), all of one workspace.
 */
export async function notesOfAttachmentFile(db: Db, fileId: string) {
  const rows = await db
    .select({ note: lectureNotes })
    .from(noteAttachments)
    .innerJoin(lectureNotes, eq(lectureNotes.id, noteAttachments.noteId))
    .where(eq(noteAttachments.fileId, fileId));
  return rows.map((row) => row.note);
}

/** The files attached to a note, in their upload order. */
export async function attachmentFileIds(db: Db, noteId: string): Promise<string[]> {
  const rows = await db
    .select({ fileId: noteAttachments.fileId })
    .from(noteAttachments)
    .where(eq(noteAttachments.noteId, noteId))
    .orderBy(noteAttachments.seq);
  return rows.map((row) => row.fileId);
}

/** The workspace and team of a submitted file (who may read it is decided from them). */
export async function answerOfSubmissionFile(db: Db, fileId: string) {
  const [row] = await db
    .select({ workspaceId: lectureNotes.workspaceId, teamId: taskSubmissions.teamId })
    .from(taskSubmissionFiles)
    .innerJoin(taskSubmissions, eq(taskSubmissions.id, taskSubmissionFiles.submissionId))
    .innerJoin(lectureNotes, eq(lectureNotes.id, taskSubmissions.noteId))
    .where(eq(taskSubmissionFiles.fileId, fileId));
  return row;
}

/**
 * Sets the owner's evaluation of an attempt (one row per attempt, updated in place). A null score
 * (feedback only, issue 25) saves the feedback and keeps the score the row had, if any.
 */
export async function upsertTaskEvaluation(
  tx: Db,
  input: {
    submissionId: string;
    score: number | null;
    rawScore: number | null;
    maxScore: number;
    feedback: string;
    evaluatedBy: string;
  },
) {
  const scoreSet =
    input.score === null
      ? {}
      : { score: input.score, rawScore: input.rawScore, maxScore: input.maxScore };
  await tx
    .insert(taskEvaluations)
    .values(input)
    .onConflictDoUpdate({
      target: taskEvaluations.submissionId,
      set: {
        ...scoreSet,
        feedback: input.feedback,
        evaluatedBy: input.evaluatedBy,
        evaluatedAt: sql`now()`,
      },
    });
}

/** The team of a member's current answer to an individual task, or null when they have none. */
export async function teamOfAnswerer(db: Db, noteId: string, userId: string) {
  const result = await db.execute(sql`
    select team_id as "teamId" from task_submissions
    where note_id = ${noteId} and kind = 'individual' and user_id = ${userId} and is_current`);
  return rowsOf<{ teamId: string }>(result)[0]?.teamId ?? null;
}
