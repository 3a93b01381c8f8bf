import type { AssignmentView } from '@teamshuffle/domain';
import { isUuid } from '@teamshuffle/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import {
  assignmentSubmissionFiles,
  assignmentSubmissions,
  assignments,
  evaluations,
} from './assignments.table.ts';
import { rowsOf } from '../../db/rows.ts';
import type { SectionVersion } from '../workspace-access/workspace-access.repository.ts';
import { submitterNowJson } from '../roster/submitter-now.ts';

export type AssignmentRow = typeof assignments.$inferSelect;
export type NewAssignmentRow = typeof assignments.$inferInsert;

/** Who reads the section, as the query needs them. */
export type AssignmentsReader = {
  userId: string | null;
  isOwner: boolean;
  myTeamId: string | null;
};

// An evaluation as JSON, from the row aliased `e`.
const EVALUATION_JSON = sql`json_build_object(
  'id', e.id,
  'score', e.score,
  'rawScore', e.raw_score,
  'maxScore', e.max_score,
  'feedback', e.feedback,
  'evaluatedBy', (select json_build_object('id', u.id, 'name', u.name) from "user" u where u.id = e.evaluated_by),
  'evaluatedAt', e.evaluated_at,
  'submissionId', e.submission_id,
  'attempt', (select x.attempt from assignment_submissions x where x.id = e.submission_id)
)`;

// Where an attempt's submitter is now, if they moved or left (decision 0019).
const SUBMITTER_NOW = submitterNowJson({
  workspaceId: sql`t.workspace_id`,
  teamId: sql`s.team_id`,
  submittedBy: sql`s.submitted_by`,
  submittedAt: sql`s.submitted_at`,
  isTeamWork: sql`true`,
});

// One attempt as JSON, from the row aliased `s`; `detailed`: the reader sees who, which files and
// the grade; the notes only the owner and their writer.
function attemptJson(detailed: SQL, reader: AssignmentsReader): SQL {
  return sql`json_build_object(
    'id', s.id,
    'attempt', s.attempt,
    'submittedAt', s.submitted_at,
    'isLate', s.is_late,
    'byOwner', s.by_owner,
    'submittedBy', case when ${detailed} then (
      select json_build_object('id', u.id, 'name', u.name) from "user" u where u.id = s.submitted_by
    ) end,
    'submitterNow', case when ${detailed} then ${SUBMITTER_NOW} end,
    'notes', case when ${reader.isOwner} or s.submitted_by = ${reader.userId}::text then s.notes end,
    'files', case when ${detailed} then coalesce((
      select json_agg(json_build_object('name', sf.name, 'size', sf.size, 'fileId', sf.file_id)
        order by sf.position)
      from assignment_submission_files sf where sf.submission_id = s.id), '[]'::json) end,
    'evaluation', case when ${detailed} then (
      select ${EVALUATION_JSON} from evaluations e where e.submission_id = s.id
    ) end,
    'deletedAt', s.deleted_at
  )`;
}

/** The Assignments section's parts as JSON text, with the versions they were read at. */
export type AssignmentsJson = {
  version: SectionVersion;
  /** The cards, newest first. */
  assignments: string;
  /** The numbers of the teams whose leader has no e-mail (`[]` unless asked for). */
  missing: string;
  /** Who ever handed in an attempt in this workspace (they see their own attempts' notes). */
  submitters: string[];
};

/**
 * The Assignments section for one reader, in one statement: the workspace's assignments newest
 * first, numbered by creation order, each with every team's latest attempt, history and grade.
 * Details (who, files, grades, history) only for the owner and the team itself; an attempt's
 * notes only for the owner and their writer. `assignmentId` narrows it to one. With
 * `withMissingLeaders`, the same statement also lists the teams whose leader has no e-mail (what
 * the owner must fix before creating one). The versions are read in the same statement, so a
 * cache never keeps these rows under a newer version than theirs.
 */
export async function loadAssignmentsJson(
  db: Db,
  workspaceId: string,
  reader: AssignmentsReader,
  { assignmentId = null, withMissingLeaders = false }: LoadOptions = {},
): Promise<AssignmentsJson> {
  const detailed = sql`(${reader.isOwner} or t.id = ${reader.myTeamId}::uuid)`;
  const result = await db.execute(sql`
    select w.detail_version::text as "detailVersion", w.content_version::text as "contentVersion",
      (select a.version from account_detail_version a where a.id = 1)::text as "accountsVersion",
      (select coalesce(json_agg(v.view order by v.seq desc), '[]'::json) from (
      select a.seq, json_build_object(
        'id', a.id,
        'number', a.number,
        'title', a.title,
        'description', a.description,
        'startAt', a.start_at,
        'endAt', a.end_at,
        'maxFileSizeMb', a.max_file_size_mb,
        'allowedTypes', a.allowed_file_types,
        'latePolicy', a.late_policy,
        'latePenaltyPercentPerDay', a.late_penalty_percent_per_day,
        'latePenaltyFloorPercent', a.late_penalty_floor_percent,
        'graceMinutes', a.grace_minutes,
        'createdAt', a.created_at,
        'teams', coalesce((
          select json_agg(json_build_object(
              'teamId', t.id,
              'teamNumber', t.number,
              'leaderName', lm.name,
              'hasLeaderEmail', coalesce(btrim(lm.email) <> '', false),
              'latest', (select ${attemptJson(detailed, reader)} from assignment_submissions s
                where s.assignment_id = a.id and s.team_id = t.id and s.deleted_at is null
                order by s.attempt desc limit 1),
              'history', case when ${detailed} then coalesce((
                select json_agg(${attemptJson(detailed, reader)} order by s.attempt desc)
                from assignment_submissions s
                where s.assignment_id = a.id and s.team_id = t.id
                  and s.attempt <> coalesce((select max(y.attempt) from assignment_submissions y
                    where y.assignment_id = a.id and y.team_id = t.id and y.deleted_at is null),
                    0)), '[]'::json)
                else '[]'::json end,
              'grade', case when ${detailed} then (
                select ${EVALUATION_JSON} from evaluations e
                where e.assignment_id = a.id and e.team_id = t.id
                order by e.evaluated_at desc, e.id limit 1) end,
              'extendedTo', case when ${detailed} then (
                select de.due_at from deadline_extensions de
                where de.assignment_id = a.id and de.team_id = t.id) end)
            order by t.number)
          from teams t left join workspace_members lm on lm.id = t.leader_member_id
          where t.workspace_id = a.workspace_id), '[]'::json)
      ) as view
      from (
        select x.*, row_number() over (order by x.seq) as number
        from assignments x where x.workspace_id = w.id
      ) a
      where ${assignmentId}::uuid is null or a.id = ${assignmentId}::uuid
    ) v)::text as assignments,
      case when ${withMissingLeaders} then ${missingLeaders(workspaceId)} else '[]'::json end::text
        as missing,
      (select coalesce(json_agg(distinct s.submitted_by), '[]'::json)
        from assignment_submissions s join assignments x on x.id = s.assignment_id
        where x.workspace_id = w.id and s.submitted_by is not null)::text as submitters
    from workspaces w where w.id = ${workspaceId}`);
  const [row] = rowsOf<{
    detailVersion: string;
    contentVersion: string;
    accountsVersion: string;
    assignments: string;
    missing: string;
    submitters: string;
  }>(result);
  if (!row) throw new Error('the assignments query found no workspace');
  return {
    version: {
      workspace: Number(row.detailVersion),
      accounts: Number(row.accountsVersion),
      content: Number(row.contentVersion),
    },
    assignments: row.assignments,
    missing: row.missing,
    submitters: JSON.parse(row.submitters) as string[],
  };
}

/** The Assignments section for one reader, parsed (see `loadAssignmentsJson`). */
export async function loadAssignments(
  db: Db,
  workspaceId: string,
  reader: AssignmentsReader,
  options: LoadOptions = {},
): Promise<{ assignments: AssignmentView[]; teamsWithoutLeaderEmail: number[] }> {
  const loaded = await loadAssignmentsJson(db, workspaceId, reader, options);
  return {
    assignments: JSON.parse(loaded.assignments) as AssignmentView[],
    teamsWithoutLeaderEmail: JSON.parse(loaded.missing) as number[],
  };
}

interface LoadOptions {
  assignmentId?: string | null;
  withMissingLeaders?: boolean;
}

// node-postgres and PGlite both parse json; a driver that does not would hand back text.
function jsonOf<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** Numbers of the teams whose leader has no e-mail (or that have no leader), as a json array. */
function missingLeaders(workspaceId: string) {
  return sql`(select coalesce(json_agg(t.number order by t.number), '[]'::json)
    from teams t left join workspace_members lm on lm.id = t.leader_member_id
    where t.workspace_id = ${workspaceId} and coalesce(btrim(lm.email), '') = '')`;
}

/** Numbers of the teams whose leader has no e-mail (or that have no leader). */
export async function teamsWithoutLeaderEmail(db: Db, workspaceId: string): Promise<number[]> {
  const result = await db.execute(sql`select ${missingLeaders(workspaceId)} as missing`);
  const [row] = rowsOf<{ missing: number[] | string }>(result);
  return jsonOf(row?.missing ?? []);
}

/** An assignment of the workspace, or undefined. */
export async function findAssignment(db: Db, workspaceId: string, assignmentId: string) {
  if (!isUuid(assignmentId)) return undefined;
  const [row] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.workspaceId, workspaceId)));
  return row;
}

export async function insertAssignment(db: Db, values: NewAssignmentRow): Promise<string> {
  const [row] = await db.insert(assignments).values(values).returning({ id: assignments.id });
  return row!.id;
}

export async function updateAssignment(
  db: Db,
  assignmentId: string,
  values: Partial<NewAssignmentRow>,
) {
  await db
    .update(assignments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(assignments.id, assignmentId));
}

/** Deletes an assignment; its attempts, grades and every submitted file go with it. */
export async function deleteAssignment(db: Db, assignmentId: string) {
  await db.delete(assignments).where(eq(assignments.id, assignmentId));
}

/**
 * Serialises writes to one team's work on one assignment (attempts and grades), on any instance,
 * for the rest of the transaction.
 */
export async function lockTeamWork(tx: Db, assignmentId: string, teamId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`assignment:${assignmentId}:${teamId}`}, 0))`,
  );
}

/** The team's latest attempt that was not deleted (its submission), or undefined. */
export async function latestAttempt(tx: Db, assignmentId: string, teamId: string) {
  const result = await tx.execute(sql`
    select id, attempt from assignment_submissions
    where assignment_id = ${assignmentId} and team_id = ${teamId} and deleted_at is null
    order by attempt desc limit 1`);
  return rowsOf<{ id: string; attempt: number }>(result)[0];
}

/** The team's next attempt number (the count goes on across deleted attempts). */
export async function nextAttemptNumber(tx: Db, assignmentId: string, teamId: string) {
  const result = await tx.execute(sql`
    select coalesce(max(attempt), 0) + 1 as next from assignment_submissions
    where assignment_id = ${assignmentId} and team_id = ${teamId}`);
  return Number(rowsOf<{ next: number | string }>(result)[0]?.next ?? 1);
}

/** The ids of the files with bytes of the team's attempts before `attempt` (superseded ones). */
export async function filesOfEarlierAttempts(
  tx: Db,
  assignmentId: string,
  teamId: string,
  attempt: number,
): Promise<string[]> {
  const result = await tx.execute(sql`
    select sf.file_id from assignment_submission_files sf
    join assignment_submissions s on s.id = sf.submission_id
    where s.assignment_id = ${assignmentId} and s.team_id = ${teamId}
      and s.attempt < ${attempt} and sf.file_id is not null`);
  return rowsOf<{ file_id: string }>(result).map((row) => row.file_id);
}

/**
 * An attempt at the assignment by id: its team, whether it was deleted or graded, and the ids of
 * its files that still have bytes.
 */
export async function findAttempt(tx: Db, assignmentId: string, submissionId: string) {
  if (!isUuid(submissionId)) return undefined;
  const result = await tx.execute(sql`
    select s.id, s.team_id as "teamId", s.deleted_at is not null as "isDeleted",
      exists (select 1 from evaluations e where e.submission_id = s.id) as "isGraded",
      coalesce((select array_agg(sf.file_id) from assignment_submission_files sf
        where sf.submission_id = s.id and sf.file_id is not null), '{}') as "fileIds"
    from assignment_submissions s
    where s.id = ${submissionId} and s.assignment_id = ${assignmentId}`);
  return rowsOf<{
    id: string;
    teamId: string;
    isDeleted: boolean;
    isGraded: boolean;
    fileIds: string[];
  }>(result)[0];
}

/**
 * Marks an attempt as deleted: it stays in the history as deleted (when, by whom; decision 0016)
 * and its grade goes. The caller removes its files' rows.
 */
export async function markAttemptDeleted(tx: Db, submissionId: string, deletedBy: string) {
  await tx.delete(evaluations).where(eq(evaluations.submissionId, submissionId));
  await tx
    .update(assignmentSubmissions)
    .set({ deletedAt: sql`now()`, deletedBy })
    .where(eq(assignmentSubmissions.id, submissionId));
}

/** Writes a new attempt with its files; returns its id. */
export async function insertAttempt(
  tx: Db,
  input: {
    assignmentId: string;
    teamId: string;
    submittedBy: string;
    notes: string;
    attempt: number;
    isLate: boolean;
    byOwner: boolean;
    files: ReadonlyArray<{ id: string; name: string; size: number }>;
  },
): Promise<string> {
  const [row] = await tx
    .insert(assignmentSubmissions)
    .values({
      assignmentId: input.assignmentId,
      teamId: input.teamId,
      submittedBy: input.submittedBy,
      notes: input.notes,
      attempt: input.attempt,
      isLate: input.isLate,
      byOwner: input.byOwner,
    })
    .returning({ id: assignmentSubmissions.id });
  await tx.insert(assignmentSubmissionFiles).values(
    input.files.map((file, position) => ({
      submissionId: row!.id,
      fileId: file.id,
      name: file.name,
      size: file.size,
      position,
    })),
  );
  return row!.id;
}

/**
 * Sets a team's grade for one attempt (or for "no submission"): one row, updated in place. A null
 * score (feedback only, issue 25) saves the feedback and keeps the score the row had, if any.
 */
export async function upsertEvaluation(
  tx: Db,
  input: {
    assignmentId: string;
    teamId: string;
    submissionId: string | null;
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
    .insert(evaluations)
    .values(input)
    .onConflictDoUpdate({
      target: [evaluations.assignmentId, evaluations.teamId, evaluations.submissionId],
      set: {
        ...scoreSet,
        feedback: input.feedback,
        evaluatedBy: input.evaluatedBy,
        evaluatedAt: sql`now()`,
      },
    });
}

/** The workspace and team of a file handed in with an assignment. */
export async function teamWorkOfFile(db: Db, fileId: string) {
  const [row] = await db
    .select({ workspaceId: assignments.workspaceId, teamId: assignmentSubmissions.teamId })
    .from(assignmentSubmissionFiles)
    .innerJoin(
      assignmentSubmissions,
      eq(assignmentSubmissions.id, assignmentSubmissionFiles.submissionId),
    )
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .where(eq(assignmentSubmissionFiles.fileId, fileId));
  return row;
}

/** What the ZIP and the grade sheet need: teams with their roster and latest work. */
export async function loadExportRows(db: Db, workspaceId: string, assignmentId: string) {
  const result = await db.execute(sql`
    select t.id as "teamId", t.number as "teamNumber", lm.name as "leaderName",
      coalesce((select json_agg(m.name order by m.position) from workspace_members m
        where m.team_id = t.id), '[]'::json) as members,
      s.attempt, s.submitted_at as "submittedAt", s.is_late as "isLate",
      (select u.name from "user" u where u.id = s.submitted_by) as "submittedBy",
      coalesce((select json_agg(json_build_object('name', f.name, 'key', fl.storage_key,
          'size', f.size) order by f.position)
        from assignment_submission_files f join files fl on fl.id = f.file_id
        where f.submission_id = s.id), '[]'::json) as files,
      g.score, g.feedback
    from teams t
    left join workspace_members lm on lm.id = t.leader_member_id
    left join lateral (select * from assignment_submissions x
      where x.assignment_id = ${assignmentId} and x.team_id = t.id and x.deleted_at is null
      order by x.attempt desc limit 1) s on true
    left join lateral (select e.score, e.feedback from evaluations e
      where e.assignment_id = ${assignmentId} and e.team_id = t.id
      order by e.evaluated_at desc, e.id limit 1) g on true
    where t.workspace_id = ${workspaceId}
    order by t.number`);
  return rowsOf<{
    teamId: string;
    teamNumber: number;
    leaderName: string | null;
    members: string[];
    attempt: number | null;
    submittedAt: string | Date | null;
    isLate: boolean | null;
    /** The submitter's name; null with an attempt: the account was deleted. */
    submittedBy: string | null;
    files: Array<{ name: string; key: string; size: number }>;
    score: number | string | null;
    feedback: string | null;
  }>(result);
}
