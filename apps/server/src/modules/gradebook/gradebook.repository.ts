import type { GradebookItemKind, GradebookWeights, LateRule } from '@teamshuffle/domain';
import { isUuid } from '@teamshuffle/domain';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Db } from '../../plugins/database.ts';
import type { SectionVersion } from '../workspace-access/workspace-access.repository.ts';
import { gradebookWeights, gradeOverrides } from './gradebook.table.ts';
import { TASK_ANSWER_IS_LATE } from '../deadline-extensions/late-sql.ts';

/** What the one statement of the gradebook reads (decision 0024). */
export type GradebookFacts = {
  version: SectionVersion;
  teams: Array<{ id: string; number: number; leaderName: string | null }>;
  members: Array<{
    id: string;
    name: string;
    email: string | null;
    teamId: string | null;
    position: number;
  }>;
  /** Who was in which team when (migration 0028): the periods of every member still on the roster. */
  periods: Array<{ memberId: string; teamId: string; from: string; to: string | null }>;
  /** Graded items in course order. */
  items: Array<
    {
      kind: GradebookItemKind;
      id: string;
      title: string;
      dueAt: string | null;
      createdAt: string;
    } & LateRule
  >;
  /** Later deadlines of teams (team items) and members (individual tasks; decision 0030). */
  extensions: Array<{
    itemId: string;
    teamId: string | null;
    memberId: string | null;
    dueAt: string;
  }>;
  /**
   * A team's work or grade on a team item: `at` is when it was handed in (or graded, for "no
   * submission"), so the grade goes to the members of the team then (decision 0019).
   */
  teamWork: Array<{
    itemId: string;
    teamId: string;
    at: string;
    score: number | null;
    feedback: string | null;
    isLate: boolean;
    isNoSubmission: boolean;
    /** When the graded (or latest) attempt was handed in; null for "no submission". */
    submittedAt: string | null;
  }>;
  /** A member's own answer to an individual task, and its grade. */
  ownWork: Array<{
    itemId: string;
    memberId: string;
    score: number | null;
    feedback: string | null;
    isLate: boolean;
    submittedAt: string;
  }>;
  overrides: Array<{
    memberId: string;
    itemKind: GradebookItemKind;
    itemId: string;
    score: number | null;
    isExcused: boolean;
    reason: string;
  }>;
  weights: GradebookWeights | null;
  /** The items whose team grades a peer evaluation's factor adjusts (the peer module's table). */
  applications: Array<{ itemKind: GradebookItemKind; itemId: string; evaluationId: string }>;
};

function parsed<T>(value: T | string | null, empty: T): T {
  if (value === null) return empty;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * Everything the gradebook shows, in ONE statement (the bench counts it): roster, membership
 * periods, items in course order (by deadline, then creation; peer evaluations by their end),
 * which items a peer factor adjusts, each team's latest grade or work
 * per team item, each member's own work per individual task, overrides and weights, with the
 * versions the cache compares. Individual answers reach a member by their verified e-mail on the
 * roster, as role resolution does.
 */
export async function loadGradebookFacts(db: Db, workspaceId: string): Promise<GradebookFacts> {
  const result = await db.execute(sql`
    with ws as (select * from workspaces where id = ${workspaceId}),
    items as (
      select 'assignment'::text as kind, a.id, a.title, a.end_at as due_at, a.created_at,
        a.late_policy, a.late_penalty_percent_per_day, a.late_penalty_floor_percent,
        a.grace_minutes
      from assignments a where a.workspace_id = ${workspaceId}
      union all
      select case when n.assignment_type = 'team' then 'team_task' else 'individual_task' end,
        n.id, coalesce(n.task_title, n.title), n.task_deadline, n.created_at,
        n.late_policy, n.late_penalty_percent_per_day, n.late_penalty_floor_percent,
        n.grace_minutes
      from lecture_notes n
      where n.workspace_id = ${workspaceId} and n.has_task and n.is_published
      union all
      select 'peer', e.id, e.title, e.ends_at, e.created_at, 'accept', null, null, 0
      from peer_evaluations e where e.workspace_id = ${workspaceId}
    )
    select ws.detail_version::text as "detailVersion", ws.content_version::text as "contentVersion",
      (select v.version from account_detail_version v where v.id = 1)::text as "accountsVersion",
      (select json_agg(json_build_object('id', t.id, 'number', t.number, 'leaderName', lm.name)
          order by t.number)
        from teams t left join workspace_members lm on lm.id = t.leader_member_id
        where t.workspace_id = ws.id) as teams,
      (select json_agg(json_build_object('id', m.id, 'name', m.name, 'email', m.email,
          'teamId', m.team_id, 'position', m.position) order by m.position)
        from workspace_members m where m.workspace_id = ws.id) as members,
      (select json_agg(json_build_object('memberId', h.member_id, 'teamId', h.team_id,
          'from', h.started_at, 'to', h.ended_at))
        from team_memberships h where h.workspace_id = ws.id and not h.has_left) as periods,
      (select json_agg(json_build_object('kind', i.kind, 'id', i.id, 'title', i.title,
          'dueAt', i.due_at, 'createdAt', i.created_at, 'latePolicy', i.late_policy,
          'latePenaltyPercentPerDay', i.late_penalty_percent_per_day,
          'latePenaltyFloorPercent', i.late_penalty_floor_percent,
          'graceMinutes', i.grace_minutes) order by coalesce(i.due_at, i.created_at), i.created_at, i.id)
        from items i) as items,
      (select json_agg(json_build_object('itemId', coalesce(de.assignment_id, de.note_id),
          'teamId', de.team_id, 'memberId', de.member_id, 'dueAt', de.due_at))
        from deadline_extensions de where de.workspace_id = ws.id) as extensions,
      (select json_agg(w) from (
        select a.id as "itemId", t.id as "teamId",
          coalesce(gs.submitted_at, ls.submitted_at, e.evaluated_at) as at,
          e.score, e.feedback,
          coalesce(gs.is_late, ls.is_late, false) as "isLate",
          (e.id is not null and e.submission_id is null) as "isNoSubmission",
          coalesce(gs.submitted_at, ls.submitted_at) as "submittedAt"
        from assignments a join teams t on t.workspace_id = a.workspace_id
        left join lateral (select x.* from evaluations x
          where x.assignment_id = a.id and x.team_id = t.id
          order by x.evaluated_at desc, x.id limit 1) e on true
        left join assignment_submissions gs on gs.id = e.submission_id
        left join lateral (select s.* from assignment_submissions s
          where s.assignment_id = a.id and s.team_id = t.id and s.deleted_at is null
          order by s.attempt desc limit 1) ls on e.id is null
        where a.workspace_id = ${workspaceId} and (e.id is not null or ls.id is not null)
        union all
        select s.note_id, s.team_id, s.submitted_at, e.score, e.feedback,
          ${TASK_ANSWER_IS_LATE}, false, s.submitted_at
        from task_submissions s join lecture_notes ln on ln.id = s.note_id
        left join task_evaluations e on e.submission_id = s.id
        where ln.workspace_id = ${workspaceId} and s.kind = 'team' and s.is_current
      ) w) as "teamWork",
      (select json_agg(o) from (
        select s.note_id as "itemId", m.id as "memberId", e.score, e.feedback,
          ${TASK_ANSWER_IS_LATE} as "isLate", s.submitted_at as "submittedAt"
        from task_submissions s join lecture_notes ln on ln.id = s.note_id
        join "user" u on u.id = s.user_id and u.email_verified
        join workspace_members m on m.workspace_id = ln.workspace_id
          and lower(btrim(m.email)) = lower(btrim(u.email))
        left join task_evaluations e on e.submission_id = s.id
        where ln.workspace_id = ${workspaceId} and s.kind = 'individual' and s.is_current
      ) o) as "ownWork",
      (select json_agg(json_build_object('memberId', g.member_id, 'itemKind', g.item_kind,
          'itemId', g.item_id, 'score', g.score, 'isExcused', g.is_excused, 'reason', g.reason))
        from grade_overrides g where g.workspace_id = ws.id) as overrides,
      (select json_build_object('assignments', gw.assignments, 'tasks', gw.tasks, 'peer', gw.peer)
        from gradebook_weights gw where gw.workspace_id = ws.id) as weights,
      (select json_agg(json_build_object('itemKind', p.item_kind, 'itemId', p.item_id,
          'evaluationId', p.evaluation_id))
        from peer_factor_applications p where p.workspace_id = ws.id) as applications
    from ws`);
  type Raw = {
    detailVersion: string;
    contentVersion: string;
    accountsVersion: string;
  } & { [K in Exclude<keyof GradebookFacts, 'version'>]: GradebookFacts[K] | string | null };
  const [row] = rowsOf<Raw>(result);
  if (!row) throw new Error('the workspace is gone');
  const teamWork = parsed(row.teamWork, [] as GradebookFacts['teamWork']);
  const ownWork = parsed(row.ownWork, [] as GradebookFacts['ownWork']);
  const overrides = parsed(row.overrides, [] as GradebookFacts['overrides']);
  // numeric columns come through JSON as numbers on PostgreSQL; PGlite agrees, but be sure.
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    version: {
      workspace: Number(row.detailVersion),
      accounts: Number(row.accountsVersion ?? 0),
      content: Number(row.contentVersion),
    },
    teams: parsed(row.teams, []),
    members: parsed(row.members, []),
    periods: parsed(row.periods, []),
    items: parsed(row.items, []),
    extensions: parsed(row.extensions, []),
    teamWork: teamWork.map((work) => ({ ...work, score: num(work.score) })),
    ownWork: ownWork.map((work) => ({ ...work, score: num(work.score) })),
    overrides: overrides.map((item) => ({ ...item, score: num(item.score) })),
    weights: parsed(row.weights, null),
    applications: parsed(row.applications, []),
  };
}

/** Whether an item of this kind is in the workspace (and graded there). */
export async function itemExists(
  db: Db,
  workspaceId: string,
  kind: GradebookItemKind,
  itemId: string,
): Promise<boolean> {
  if (!isUuid(itemId)) return false;
  const result = await db.execute(
    kind === 'assignment'
      ? sql`select 1 from assignments where id = ${itemId} and workspace_id = ${workspaceId}`
      : kind === 'peer'
        ? sql`select 1 where false`
        : sql`select 1 from lecture_notes where id = ${itemId} and workspace_id = ${workspaceId}
            and has_task and assignment_type = ${kind === 'team_task' ? 'team' : 'individual'}`,
  );
  return rowsOf(result).length > 0;
}

/** Whether the member is on the workspace's roster. */
export async function memberExists(db: Db, workspaceId: string, memberId: string) {
  if (!isUuid(memberId)) return false;
  const result = await db.execute(
    sql`select 1 from workspace_members where id = ${memberId} and workspace_id = ${workspaceId}`,
  );
  return rowsOf(result).length > 0;
}

/** Writes one member's override of one item (a second write replaces it). */
export async function upsertOverride(
  db: Db,
  values: {
    workspaceId: string;
    memberId: string;
    itemKind: GradebookItemKind;
    itemId: string;
    score: number | null;
    isExcused: boolean;
    reason: string;
    createdBy: string;
  },
) {
  await db
    .insert(gradeOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: [gradeOverrides.memberId, gradeOverrides.itemKind, gradeOverrides.itemId],
      set: {
        score: values.score,
        isExcused: values.isExcused,
        reason: values.reason,
        createdBy: values.createdBy,
        updatedAt: sql`now()`,
      },
    });
}

/** Removes an override; whether there was one. */
export async function deleteOverride(
  db: Db,
  workspaceId: string,
  key: { memberId: string; itemKind: GradebookItemKind; itemId: string },
): Promise<boolean> {
  const removed = await db
    .delete(gradeOverrides)
    .where(
      and(
        eq(gradeOverrides.workspaceId, workspaceId),
        eq(gradeOverrides.memberId, key.memberId),
        eq(gradeOverrides.itemKind, key.itemKind),
        eq(gradeOverrides.itemId, key.itemId),
      ),
    )
    .returning({ id: gradeOverrides.id });
  return removed.length > 0;
}

/** Saves the category weights. */
export async function saveWeights(db: Db, workspaceId: string, weights: GradebookWeights) {
  await db
    .insert(gradebookWeights)
    .values({ workspaceId, ...weights })
    .onConflictDoUpdate({
      target: gradebookWeights.workspaceId,
      set: { ...weights, updatedAt: sql`now()` },
    });
}
