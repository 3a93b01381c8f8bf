import type { LectureNote, LectureNoteSortOrder } from '@teamshuffle/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { SectionVersion } from '../workspace-access/workspace-access.repository.ts';
import { submitterNowJson } from '../roster/submitter-now.ts';
import { TASK_ANSWER_IS_LATE } from '../deadline-extensions/late-sql.ts';

// The Lecture Notes section's read (issue 22): every note of a workspace as one reader scope
// sees it, and the section's JSON for one reader made from that.

/** Who reads the section, as the query needs them. */
export type NotesReader = {
  userId: string | null;
  isOwner: boolean;
  /** Owner, leader or member: may author notes (and so edit their own). */
  canAuthor: boolean;
  /** The caller's roster team: the team whose submissions they see in full. */
  myTeamId: string | null;
};

// The section's sort orders; `ln` is the lecture_notes row.
const ORDER_BY: Record<LectureNoteSortOrder, SQL> = {
  'week-asc': sql`ln.week asc, ln.created_at asc, ln.id`,
  'week-desc': sql`ln.week desc, ln.created_at desc, ln.id`,
  'created-asc': sql`ln.created_at asc, ln.id`,
  'created-desc': sql`ln.created_at desc, ln.id`,
};

// Where an attempt's submitter is now, if they moved or left (decision 0019).
const SUBMITTER_NOW = submitterNowJson({
  workspaceId: sql`ln.workspace_id`,
  teamId: sql`s.team_id`,
  submittedBy: sql`s.submitted_by`,
  submittedAt: sql`s.submitted_at`,
  isTeamWork: sql`s.kind = 'team'`,
});

// One attempt as JSON; `detailed` says whether the reader sees who, what and which files.
function submissionJson(detailed: SQL): SQL {
  return sql`json_build_object(
    'id', s.id,
    'attempt', s.attempt,
    'submittedAt', s.submitted_at,
    'isLate', ${TASK_ANSWER_IS_LATE},
    'byOwner', s.by_owner,
    'submittedBy', case when ${detailed} then (
      select json_build_object('id', u.id, 'name', u.name) from "user" u where u.id = s.submitted_by
    ) end,
    'submitterNow', case when ${detailed} then ${SUBMITTER_NOW} end,
    'description', case when ${detailed} then s.description end,
    'files', case when ${detailed} then coalesce((
      select json_agg(json_build_object('name', sf.name, 'size', sf.size, 'fileId', sf.file_id)
        order by sf.position)
      from task_submission_files sf where sf.submission_id = s.id), '[]'::json) end,
    'deletedAt', s.deleted_at
  )`;
}

// The grade `e` of the attempt `s` as JSON.
const EVALUATION = sql`json_build_object(
  'id', e.id, 'score', e.score, 'rawScore', e.raw_score,
  'maxScore', e.max_score, 'feedback', e.feedback,
  'evaluatedBy', (select json_build_object('id', u.id, 'name', u.name)
    from "user" u where u.id = e.evaluated_by),
  'evaluatedAt', e.evaluated_at, 'submissionId', s.id, 'attempt', s.attempt)`;

// An individual answer as JSON: the attempt, and its grade for the owner's scope only (a member's
// grade is theirs: the team's members share a scope and see each other's answers, not grades;
// issue 25, the student reads it in My grades).
function individualJson(detailed: SQL, withGrade: SQL): SQL {
  return sql`(${submissionJson(detailed)})::jsonb || jsonb_build_object(
    'userId', case when ${withGrade} then s.user_id end,
    'evaluation', case when ${withGrade} then (
      select ${EVALUATION}
      from task_evaluations e where e.submission_id = s.id) end)`;
}

/**
 * Team `t`'s state in the task of note `ln`: an element of the task's `teams` (a team task) or
 * `individual` (an individual one). `detailed`: who, what and which files, earlier attempts, the
 * grade, the extensions; `ownerView`: the members' grades and the roster (the owner's).
 */
function teamEntryJson(detailed: SQL, ownerView: SQL): SQL {
  return sql`case when ln.assignment_type = 'team' then json_build_object(
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
      select ${EVALUATION}
      from task_submissions s join task_evaluations e on e.submission_id = s.id
      where s.note_id = ln.id and s.team_id = t.id and s.kind = 'team'
        and s.is_current) end,
    'extendedTo', case when ${detailed} then (
      select de.due_at from deadline_extensions de
      where de.note_id = ln.id and de.team_id = t.id) end)
  else json_build_object(
    'teamId', t.id,
    'teamNumber', t.number,
    'memberCount', (select count(*) from workspace_members m where m.team_id = t.id),
    'submittedCount', (select count(*) from task_submissions s
      where s.note_id = ln.id and s.team_id = t.id and s.kind = 'individual'
        and s.is_current),
    'submissions', case when ${detailed} then coalesce((
      select json_agg(${individualJson(detailed, ownerView)} order by s.submitted_at, s.id)
      from task_submissions s
      where s.note_id = ln.id and s.team_id = t.id and s.kind = 'individual'
        and s.is_current), '[]'::json) else '[]'::json end,
    'extensions', case when ${detailed} then coalesce((
      select json_agg(json_build_object(
          'memberId', wm.id,
          'userId', (select u.id from "user" u where u.email_verified
            and lower(btrim(u.email)) = lower(btrim(wm.email)) limit 1),
          'dueAt', de.due_at) order by wm.position)
      from deadline_extensions de join workspace_members wm on wm.id = de.member_id
      where de.note_id = ln.id and wm.team_id = t.id), '[]'::json)
      else '[]'::json end,
    -- The owner gives a member a later deadline (decision 0030): the team's roster.
    'members', case when ${ownerView} then coalesce((
      select json_agg(json_build_object(
          'memberId', wm.id,
          'name', wm.name,
          'userId', (select u.id from "user" u where u.email_verified
            and lower(btrim(u.email)) = lower(btrim(wm.email)) limit 1))
        order by wm.position)
      from workspace_members wm where wm.team_id = t.id), '[]'::json) end)
  end`;
}

/**
 * Whose submissions a note's task shows in full (who, what, which files, earlier attempts, the
 * grade): every team's (the owner) or one team's (its members), else none. The section is read
 * and cached once per scope, not once per reader (issue 22).
 */
export type NotesScope = { allTeams: boolean; teamId: string | null };

/** The scope a reader sees the section in. */
export function scopeOf(reader: NotesReader): NotesScope {
  return { allTeams: reader.isOwner, teamId: reader.isOwner ? null : reader.myTeamId };
}

/** Ranks of a note in each sort order (the same ORDER BY the section used to run). */
export type NoteRanks = Record<LectureNoteSortOrder, number>;

/**
 * One note as a scope sees it, with what the reader's own view depends on (author, published,
 * ranks) and its JSON after the leading `canEdit` member, which differs per reader.
 */
export type ScopedNote = {
  id: string;
  authorId: string | null;
  isPublished: boolean;
  ranks: NoteRanks;
  /** The note's JSON object without its first member: `, "id" : ..., ...}`. */
  tail: string;
};

/** The first member of every note's JSON, written by the query and replaced per reader. */
const CAN_EDIT_HEAD = '{"canEdit" : false';

/**
 * A note in parts: its JSON without its task's team lists (`body`), and each team's state in the
 * task (`entries`, in the order of the workspace's `teamIds`; null without a task), which the
 * section puts in the task's `teams` or `individual` list by the task's `kind`: after the task's
 * last member, `graceMinutes` (`TASK_END`).
 */
type NoteParts = Omit<ScopedNote, 'tail'> & {
  body: string;
  kind: 'team' | 'individual' | null;
  entries: string[] | null;
};

/**
 * Every note of a workspace in parts, as the owner (`allTeams`: every team's details) or as
 * anyone else sees it (no team's details: what a team's members see of the other teams), with
 * the versions read in the same statement. A team's members see their own team's details in
 * place of its part (`loadTeamEntries`, `assembleNotes`): the rest is the same for every team, so
 * it is read once, not once per team (issue 22).
 */
export type NotesParts = {
  version: SectionVersion;
  /** The workspace's teams in the order of each note's `entries`. */
  teamIds: string[];
  notes: NoteParts[];
};

/**
 * Between two JSON texts of a list (`string_agg`): a control character, which PostgreSQL's JSON
 * never holds raw (it writes one inside a string as `\u001e`). A list as one text is split here
 * natively; a text array would be parsed character by character in JavaScript by both drivers.
 */
const SEPARATOR = '\u001e';
const listOf = (text: string | null): string[] => (text === null ? [] : text.split(SEPARATOR));

/** How a task's JSON in a note's body ends: its last member, then the task's and the note's end. */
const TASK_END = /"graceMinutes" : (?:null|-?\d+)\}\}$/;

/** The columns `VERSIONS` reads. */
type VersionColumns = { detailVersion: string; contentVersion: string; accountsVersion: string };

function versionOf(row: Partial<VersionColumns>): SectionVersion {
  return {
    workspace: Number(row.detailVersion ?? 0),
    accounts: Number(row.accountsVersion ?? 0),
    content: Number(row.contentVersion ?? 0),
  };
}

// The versions the section's entries are checked against, read with their rows (so a cache never
// keeps rows under a newer version than theirs); `w` is the workspaces row.
const VERSIONS = sql`w.detail_version::text as "detailVersion",
  w.content_version::text as "contentVersion",
  (select a.version from account_detail_version a where a.id = 1)::text as "accountsVersion"`;

/**
 * Every note of the workspace (drafts included: who sees which is the reader's filter) in parts
 * (`NotesParts`): its attachments and, for a task, every team's state, each team's details when
 * `allTeams`. `noteId` narrows it to one.
 */
export async function loadNoteParts(
  db: Db,
  workspaceId: string,
  allTeams: boolean,
  noteId: string | null = null,
): Promise<NotesParts> {
  // Prepared (issue 22): on PGlite planning this statement cost as much as running it.
  const rows = await preparedQuery<
    VersionColumns & {
      teamIds: string | null;
      id: string | null;
      authorId: string | null;
      isPublished: boolean | null;
      weekAsc: string | number | null;
      weekDesc: string | number | null;
      createdAsc: string | number | null;
      createdDesc: string | number | null;
      body: string | null;
      kind: 'team' | 'individual' | null;
      entries: string | null;
    }
  >(
    db,
    'scoped_notes',
    sql`
    select ${VERSIONS},
      (select string_agg(t.id::text, E'\x1e' order by t.number, t.id)
        from teams t where t.workspace_id = w.id) as "teamIds",
      n.id, n.author_id as "authorId", n.is_published as "isPublished",
      n.week_asc as "weekAsc", n.week_desc as "weekDesc",
      n.created_asc as "createdAsc", n.created_desc as "createdDesc",
      n.body::text as body, n.kind, n.entries
    from workspaces w left join lateral (
      select ln.id, ln.author_id, ln.is_published,
        row_number() over (order by ${ORDER_BY['week-asc']}) as week_asc,
        row_number() over (order by ${ORDER_BY['week-desc']}) as week_desc,
        row_number() over (order by ${ORDER_BY['created-asc']}) as created_asc,
        row_number() over (order by ${ORDER_BY['created-desc']}) as created_desc,
        json_build_object(
        'canEdit', false,
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
        -- The task is the note's last member, graceMinutes the task's: assembleNotes writes
        -- the team lists after it (a new member goes before them: TASK_END).
        'task', case when ln.has_task then json_build_object(
          'title', ln.task_title,
          'description', ln.task_description,
          'deadline', ln.task_deadline,
          'maxFileSizeMb', ln.max_file_size_mb,
          'allowedTypes', ln.allowed_file_types,
          'assignmentType', ln.assignment_type,
          'latePolicy', ln.late_policy,
          'latePenaltyPercentPerDay', ln.late_penalty_percent_per_day,
          'latePenaltyFloorPercent', ln.late_penalty_floor_percent,
          'graceMinutes', ln.grace_minutes) end
      ) as body,
      case when ln.has_task then ln.assignment_type end as kind,
      case when ln.has_task then (
        select string_agg((${teamEntryJson(sql`${allTeams}`, sql`${allTeams}`)})::text, E'\x1e'
          order by t.number, t.id)
        from teams t where t.workspace_id = ln.workspace_id) end as entries
      from lecture_notes ln
      where ln.workspace_id = w.id
        and (${noteId}::uuid is null or ln.id = ${noteId}::uuid)
    ) n on true
    where w.id = ${workspaceId}`,
  );
  const [first] = rows;
  const notes: NoteParts[] = [];
  for (const row of rows) {
    if (row.id === null || row.body === null) continue;
    if (!row.body.startsWith(CAN_EDIT_HEAD)) throw new Error("a note's JSON lost its head");
    if (row.kind !== null && !TASK_END.test(row.body))
      throw new Error("a task's JSON lost its end");
    notes.push({
      id: row.id,
      authorId: row.authorId,
      isPublished: row.isPublished === true,
      ranks: {
        'week-asc': Number(row.weekAsc),
        'week-desc': Number(row.weekDesc),
        'created-asc': Number(row.createdAsc),
        'created-desc': Number(row.createdDesc),
      },
      body: row.body,
      kind: row.kind,
      entries: row.kind === null ? null : listOf(row.entries),
    });
  }
  return { version: versionOf(first ?? {}), teamIds: listOf(first?.teamIds ?? null), notes };
}

/** A team's own state in each task of the workspace, in full, by note id (see `NotesParts`). */
export type TeamEntries = {
  version: SectionVersion;
  teamId: string;
  entries: Map<string, string>;
};

/**
 * Team `teamId`'s state in every task of the workspace as its members see it (their team's
 * details, not the members' grades), with the versions read in the same statement.
 */
export async function loadTeamEntries(
  db: Db,
  workspaceId: string,
  teamId: string,
  noteId: string | null = null,
): Promise<TeamEntries> {
  const rows = await preparedQuery<VersionColumns & { id: string | null; entry: string | null }>(
    db,
    'scoped_notes_team',
    sql`
    select ${VERSIONS}, n.id, n.entry::text as entry
    from workspaces w left join lateral (
      select ln.id, ${teamEntryJson(sql`true`, sql`false`)} as entry
      from lecture_notes ln join teams t on t.workspace_id = ln.workspace_id
        and t.id = ${teamId}::uuid
      where ln.workspace_id = w.id and ln.has_task
        and (${noteId}::uuid is null or ln.id = ${noteId}::uuid)
    ) n on true
    where w.id = ${workspaceId}`,
  );
  const entries = new Map<string, string>();
  for (const row of rows) if (row.id !== null && row.entry !== null) entries.set(row.id, row.entry);
  return { version: versionOf(rows[0] ?? {}), teamId, entries };
}

/**
 * The notes of `parts` as the section writes them, with team `own`'s state in place of its part
 * when given (a team's scope).
 */
export function assembleNotes(parts: NotesParts, own: TeamEntries | null = null): ScopedNote[] {
  const ownIndex = own ? parts.teamIds.indexOf(own.teamId) : -1;
  return parts.notes.map(({ body, kind, entries, ...note }) => {
    if (kind === null || entries === null) {
      return { ...note, tail: body.slice(CAN_EDIT_HEAD.length) };
    }
    const ownEntry = ownIndex >= 0 ? own?.entries.get(note.id) : undefined;
    const list = `[${
      ownEntry === undefined ? entries.join(',') : entries.with(ownIndex, ownEntry).join(',')
    }]`;
    const lists =
      kind === 'team'
        ? `, "teams" : ${list}, "individual" : []`
        : `, "teams" : [], "individual" : ${list}`;
    return { ...note, tail: `${body.slice(CAN_EDIT_HEAD.length, -2)}${lists}}}` };
  });
}

/** The older of two versions, counter by counter. */
const olderVersion = (a: SectionVersion, b: SectionVersion): SectionVersion => ({
  workspace: Math.min(a.workspace, b.workspace),
  accounts: Math.min(a.accounts, b.accounts),
  content: Math.min(a.content, b.content),
});

/**
 * Every note of the workspace (drafts included: who sees which is the reader's filter) with its
 * attachments and, for a task, every team's state, details only for the scope's teams; with the
 * versions they were read at. `noteId` narrows it to one. A team's scope is the part every team
 * shares (`shared`: the cache's, read for the whole workspace; else read here) and the team's own
 * entries, read in two statements: when a change came between them (or after the cache's read),
 * the notes are labelled with the older version, counter by counter, which each part is at least
 * as new as. A cache then serves them only for that version, and a reader who read a newer one
 * loads the shared part again (once for every team).
 */
export async function loadScopedNotes(
  db: Db,
  workspaceId: string,
  scope: NotesScope,
  noteId: string | null = null,
  shared: NotesParts | null = null,
): Promise<{ version: SectionVersion; notes: ScopedNote[] }> {
  if (scope.allTeams || scope.teamId === null) {
    if (shared) throw new Error('only a team scope is made from the shared parts');
    const parts = await loadNoteParts(db, workspaceId, scope.allTeams, noteId);
    return { version: parts.version, notes: assembleNotes(parts) };
  }
  if (shared && noteId !== null) throw new Error('the shared parts hold every note, not one');
  const parts = shared ?? (await loadNoteParts(db, workspaceId, false, noteId));
  const own = await loadTeamEntries(db, workspaceId, scope.teamId, noteId);
  return { version: olderVersion(parts.version, own.version), notes: assembleNotes(parts, own) };
}

/**
 * The notes a reader sees, in their sort order, as the section's JSON array: published ones,
 * and drafts they wrote or own; each with the reader's own `canEdit`.
 */
export function notesJsonFor(
  notes: readonly ScopedNote[],
  reader: NotesReader,
  sortOrder: LectureNoteSortOrder,
): string {
  // A note whose author is gone (null) is nobody's: null is never the reader's id (as in SQL).
  const isAuthor = (note: ScopedNote) => note.authorId !== null && note.authorId === reader.userId;
  const seen = notes
    .filter((note) => note.isPublished || reader.isOwner || isAuthor(note))
    .sort((a, b) => a.ranks[sortOrder] - b.ranks[sortOrder]);
  const parts = seen.map((note) => {
    const canEdit = reader.isOwner || (isAuthor(note) && reader.canAuthor);
    return `{"canEdit":${canEdit}${note.tail}`;
  });
  return `[${parts.join(',')}]`;
}

/**
 * The Lecture Notes section for one reader (see `loadScopedNotes`, `notesJsonFor`), parsed:
 * for the answers to a change, which carry one note. `noteId` narrows it to one.
 */
export async function loadNotes(
  db: Db,
  workspaceId: string,
  reader: NotesReader,
  sortOrder: LectureNoteSortOrder,
  noteId: string | null = null,
): Promise<LectureNote[]> {
  const { notes } = await loadScopedNotes(db, workspaceId, scopeOf(reader), noteId);
  return JSON.parse(notesJsonFor(notes, reader, sortOrder)) as LectureNote[];
}
