import type { LectureNote, LectureNoteSortOrder } from '@teamshuffle/domain';
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

/** Who reads the section, as the query needs them. */
export type NotesReader = {
  userId: string | null;
  isOwner: boolean;
  /** Owner, leader or member: may author notes (and so edit their own). */
  canAuthor: boolean;
  /** The caller's roster team: the team whose submissions they see in full. */
  myTeamId: string | null;
};

const ORDER_BY: Record<LectureNoteSortOrder, SQL> = {
  'week-asc': sql`n.week asc, n.created_at asc, n.id`,
  'week-desc': sql`n.week desc, n.created_at desc, n.id`,
  'created-asc': sql`n.created_at asc, n.id`,
  'created-desc': sql`n.created_at desc, n.id`,
};

// One attempt as JSON; `detailed` says whether the reader sees who, what and which files.
function submissionJson(detailed: SQL): SQL {
  return sql`json_build_object(
    'id', s.id,
    'attempt', s.attempt,
    'submittedAt', s.submitted_at,
    'isLate', coalesce(s.submitted_at > ln.task_deadline, false),
    'submittedBy', case when ${detailed} then (
      select json_build_object('id', u.id, 'name', u.name) from "user" u where u.id = s.submitted_by
    ) end,
    'description', case when ${detailed} then s.description end,
    'files', case when ${detailed} then coalesce((
      select json_agg(json_build_object('name', sf.name, 'size', sf.size, 'fileId', sf.file_id)
        order by sf.position)
      from task_submission_files sf where sf.submission_id = s.id), '[]'::json) end
  )`;
}

/**
 * The Lecture Notes section for one reader, in one statement: the notes they may see (published
 * ones, and drafts they wrote or own), in their sort order, each with its attachments and, for a
 * task, every team's state. Details of a team's submissions (who, what, which files, earlier
 * attempts) are included only for the owner and that team's members. `noteId` narrows it to one.
 */
export async function loadNotes(
  db: Db,
  workspaceId: string,
  reader: NotesReader,
  sortOrder: LectureNoteSortOrder,
  noteId: string | null = null,
): Promise<LectureNote[]> {
  const uid = reader.userId;
  const myTeam = reader.myTeamId;
  const detailed = sql`(${reader.isOwner} or t.id = ${myTeam}::uuid)`;
  const result = await db.execute(sql`
    select coalesce(json_agg(n.note order by ${ORDER_BY[sortOrder]}), '[]'::json) as notes
    from (
      select ln.id, ln.week, ln.created_at, json_build_object(
        'id', ln.id,
        'title', ln.title,
        'description', ln.description,
        'week', ln.week,
        'date', ln.lecture_date,
        'isPublished', ln.is_published,
        'author', (select json_build_object('id', au.id, 'name', au.name)
          from "user" au where au.id = ln.author_id),
        'createdAt', ln.created_at,
        'updatedAt', ln.updated_at,
        'canEdit', (${reader.isOwner} or (ln.author_id = ${uid}::text and ${reader.canAuthor})),
        'attachments', coalesce((
          select json_agg(json_build_object(
              'id', a.id,
              'file', json_build_object('id', f.id, 'name', f.original_name, 'size', f.size,
                'contentType', f.content_type, 'createdAt', f.created_at),
              'uploadedBy', (select json_build_object('id', fu.id, 'name', fu.name)
                from "user" fu where fu.id = f.uploader_id))
            order by a.seq)
          from note_attachments a join files f on f.id = a.file_id
          where a.note_id = ln.id), '[]'::json),
        'task', case when ln.has_task then json_build_object(
          'title', ln.task_title,
          'description', ln.task_description,
          'deadline', ln.task_deadline,
          'maxFileSizeMb', ln.max_file_size_mb,
          'allowedTypes', ln.allowed_file_types,
          'assignmentType', ln.assignment_type,
          'teams', case when ln.assignment_type = 'team' then coalesce((
            select json_agg(json_build_object(
                'teamId', t.id,
                'teamNumber', t.number,
                'current', (select ${submissionJson(detailed)} from task_submissions s
                  where s.note_id = ln.id and s.team_id = t.id and s.kind = 'team' and s.is_current),
                'history', case when ${detailed} then coalesce((
                  select json_agg(${submissionJson(detailed)} order by s.attempt desc)
                  from task_submissions s
                  where s.note_id = ln.id and s.team_id = t.id and s.kind = 'team'
                    and not s.is_current), '[]'::json) else '[]'::json end,
                'evaluation', case when ${detailed} then (
                  select json_build_object(
                    'id', e.id, 'score', e.score, 'rawScore', e.raw_score,
                    'maxScore', e.max_score, 'feedback', e.feedback,
                    'evaluatedBy', (select json_build_object('id', u.id, 'name', u.name)
                      from "user" u where u.id = e.evaluated_by),
                    'evaluatedAt', e.evaluated_at, 'submissionId', s.id, 'attempt', s.attempt)
                  from task_submissions s join task_evaluations e on e.submission_id = s.id
                  where s.note_id = ln.id and s.team_id = t.id and s.kind = 'team'
                    and s.is_current) end)
              order by t.number)
            from teams t where t.workspace_id = ln.workspace_id), '[]'::json)
            else '[]'::json end,
          'individual', case when ln.assignment_type = 'individual' then coalesce((
            select json_agg(json_build_object(
                'teamId', t.id,
                'teamNumber', t.number,
                'memberCount', (select count(*) from workspace_members m where m.team_id = t.id),
                'submittedCount', (select count(*) from task_submissions s
                  where s.note_id = ln.id and s.team_id = t.id and s.kind = 'individual'
                    and s.is_current),
                'submissions', case when ${detailed} then coalesce((
                  select json_agg(${submissionJson(detailed)} order by s.submitted_at, s.id)
                  from task_submissions s
                  where s.note_id = ln.id and s.team_id = t.id and s.kind = 'individual'
                    and s.is_current), '[]'::json) else '[]'::json end)
              order by t.number)
            from teams t where t.workspace_id = ln.workspace_id), '[]'::json)
            else '[]'::json end
        ) end
      ) as note
      from lecture_notes ln
      where ln.workspace_id = ${workspaceId}
        and (${noteId}::uuid is null or ln.id = ${noteId}::uuid)
        and (ln.is_published or ${reader.isOwner} or ln.author_id = ${uid}::text)
    ) n`);
  const [row] = rowsOf<{ notes: LectureNote[] | string }>(result);
  const notes = row?.notes ?? [];
  return typeof notes === 'string' ? (JSON.parse(notes) as LectureNote[]) : notes;
}

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

/** Removes an attachment of a note (its file goes with it: a trigger); false when there is none. */
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

/** The current attempt of an answer and the ids of its files that still have bytes. */
export async function findCurrentAnswer(tx: Db, noteId: string, owner: SubmissionOwner) {
  const result = await tx.execute(sql`
    select s.id, s.attempt,
      coalesce((select array_agg(sf.file_id) from task_submission_files sf
        where sf.submission_id = s.id and sf.file_id is not null), '{}') as file_ids
    from task_submissions s where s.is_current and ${ownerFilter(noteId, owner)}`);
  const [row] = rowsOf<{ id: string; attempt: number; file_ids: string[] }>(result);
  return row ? { id: row.id, attempt: row.attempt, fileIds: row.file_ids } : undefined;
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

/** Deletes an attempt and its file rows (their files go with them: a trigger). */
export async function deleteAttempt(tx: Db, submissionId: string) {
  await tx.delete(taskSubmissions).where(eq(taskSubmissions.id, submissionId));
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
    files: ReadonlyArray<{ id: string; name: string; size: number }>;
  },
): Promise<string> {
  const [row] = await tx
    .insert(taskSubmissions)
    .values({
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

/** The note and workspace of an attachment's file (who may read it is decided from them). */
export async function noteOfAttachmentFile(db: Db, fileId: string) {
  const [row] = await db
    .select({ note: lectureNotes })
    .from(noteAttachments)
    .innerJoin(lectureNotes, eq(lectureNotes.id, noteAttachments.noteId))
    .where(eq(noteAttachments.fileId, fileId));
  return row?.note;
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

/** Sets the owner's evaluation of an attempt (one row per attempt, updated in place). */
export async function upsertTaskEvaluation(
  tx: Db,
  input: {
    submissionId: string;
    score: number;
    rawScore: number;
    maxScore: number;
    feedback: string;
    evaluatedBy: string;
  },
) {
  await tx
    .insert(taskEvaluations)
    .values(input)
    .onConflictDoUpdate({
      target: taskEvaluations.submissionId,
      set: {
        score: input.score,
        rawScore: input.rawScore,
        maxScore: input.maxScore,
        feedback: input.feedback,
        evaluatedBy: input.evaluatedBy,
        evaluatedAt: sql`now()`,
      },
    });
}
