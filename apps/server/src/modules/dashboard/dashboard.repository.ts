import type { DashboardView } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { rowsOf } from '../../db/rows.ts';

/** The user's figures, in one statement: workspaces created and joined, saved results, unread. */
export async function loadStats(db: Db, userId: string, verifiedEmail: string | null) {
  const result = await db.execute(sql`
    select
      (select count(*)::int from workspaces where owner_id = ${userId}) as "workspacesCreated",
      (select count(distinct m.workspace_id)::int from workspace_members m
        join workspaces w on w.id = m.workspace_id
        where ${verifiedEmail}::text is not null and lower(btrim(m.email)) = ${verifiedEmail}::text
          and w.owner_id <> ${userId}) as "workspacesJoined",
      (select count(*)::int from saved_results where user_id = ${userId}) as "savedResults",
      (select count(*)::int from notifications where user_id = ${userId} and not is_read)
        as "unreadNotifications"`);
  return rowsOf<DashboardView['stats']>(result)[0]!;
}

/**
 * What happened lately in the user's workspaces (owned, or on whose roster their verified
 * e-mail is), newest first: published notes (and their own drafts), new assignments, and the
 * submissions and evaluations of their team (all teams' for an owner). One statement.
 */
export async function loadActivity(
  db: Db,
  userId: string,
  verifiedEmail: string | null,
  limit = 10,
): Promise<DashboardView['activity']> {
  const result = await db.execute(sql`
    with mine as (
      select w.id, w.title, w.owner_id = ${userId} as is_owner,
        (select m.team_id from workspace_members m where m.workspace_id = w.id
          and ${verifiedEmail}::text is not null and lower(btrim(m.email)) = ${verifiedEmail}::text
          order by m.position limit 1) as team_id
      from workspaces w
      where w.owner_id = ${userId} or exists (
        select 1 from workspace_members m where m.workspace_id = w.id
          and ${verifiedEmail}::text is not null and lower(btrim(m.email)) = ${verifiedEmail}::text)
    ),
    events as (
      select 'note' as kind, n.title, n.created_at as at, mine.id as wid, mine.title as wtitle,
        null::int as team_number
      from lecture_notes n join mine on mine.id = n.workspace_id
      where n.is_published or n.author_id = ${userId} or mine.is_owner
      union all
      select 'assignment', a.title, a.created_at, mine.id, mine.title, null
      from assignments a join mine on mine.id = a.workspace_id
      union all
      select 'submission', a.title, s.submitted_at, mine.id, mine.title, t.number
      from assignment_submissions s join assignments a on a.id = s.assignment_id
      join teams t on t.id = s.team_id join mine on mine.id = a.workspace_id
      where mine.is_owner or s.team_id = mine.team_id
      union all
      select 'evaluation', a.title, e.evaluated_at, mine.id, mine.title, t.number
      from evaluations e join assignments a on a.id = e.assignment_id
      join teams t on t.id = e.team_id join mine on mine.id = a.workspace_id
      where mine.is_owner or e.team_id = mine.team_id
    )
    select kind, title, at, wid, wtitle, team_number from events order by at desc limit ${limit}`);
  return rowsOf<{
    kind: DashboardView['activity'][number]['kind'];
    title: string;
    at: Date | string;
    wid: string;
    wtitle: string;
    team_number: number | null;
  }>(result).map((row) => ({
    kind: row.kind,
    title: row.title,
    at: new Date(row.at).toISOString(),
    workspace: { id: row.wid, title: row.wtitle },
    teamNumber: row.team_number,
  }));
}
