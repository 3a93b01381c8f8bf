import type { Language, MyDeadlineKind, MyDeadlineState } from '@teamshuffle/domain';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Db } from '../../plugins/database.ts';
import { calendarFeeds } from './my-deadlines.table.ts';

/** Who asks: the account, and its verified e-mail (lower-case, trimmed) or null. */
export type DeadlineReader = { userId: string; verifiedEmail: string | null };

/** A feed's reader, with the language its words are written in. */
export type FeedReader = DeadlineReader & { language: Language };

/** One deadline row as the statement answers it (the service presents it). */
export type DeadlineRow = {
  kind: MyDeadlineKind;
  id: string;
  title: string;
  assignmentType: 'team' | 'individual';
  workspaceId: string;
  workspaceTitle: string;
  workspaceSlug: string;
  deadline: Date | string;
  updatedAt: Date | string;
  isOwner: boolean;
  state: MyDeadlineState | null;
  handedIn: number | null;
  expected: number | null;
};

/**
 * Every deadline of the reader within `from`..`to` (`to` null: no end), earliest first, in one
 * statement: the assignments with an end and the published notes' tasks with a deadline of each
 * workspace they own or whose roster holds their verified e-mail (leaders are on the roster too).
 * A member gets their own state (their team's work for team items, their own for individual
 * tasks); the owner gets how many have handed in instead (decision 0027). A member's deadline
 * is their own: their team's (or, for an individual task, their) extension when they have one, and
 * a task answer is late after it plus the task's grace period (decision 0030).
 */
export async function loadDeadlines(
  db: Db,
  { userId, verifiedEmail }: DeadlineReader,
  { from, to }: { from: Date; to: Date | null },
): Promise<DeadlineRow[]> {
  const onRoster = sql`${verifiedEmail}::text is not null
    and lower(btrim(m.email)) = ${verifiedEmail}::text`;
  const result = await db.execute(sql`
    with mine as (
      select w.id, w.title, w.slug, w.owner_id = ${userId} as is_owner,
        (select m.team_id from workspace_members m where m.workspace_id = w.id and ${onRoster}
          order by m.position limit 1) as team_id,
        (select m.id from workspace_members m where m.workspace_id = w.id and ${onRoster}
          order by m.position limit 1) as member_id
      from workspaces w
      where w.owner_id = ${userId}
        or exists (select 1 from workspace_members m where m.workspace_id = w.id and ${onRoster})
    ),
    items as (
      select 'assignment' as kind, a.id, a.title, 'team' as assignment_type,
        coalesce(x.due_at, a.end_at) as deadline,
        greatest(a.updated_at, x.updated_at) as updated_at, mine.id as wid, mine.title as wtitle, mine.slug as wslug, mine.is_owner,
        case when mine.is_owner then null
          when exists (select 1 from evaluations e
            where e.assignment_id = a.id and e.team_id = mine.team_id) then 'graded'
          else coalesce((select case when s.is_late then 'late' else 'handed_in' end
            from assignment_submissions s
            where s.assignment_id = a.id and s.team_id = mine.team_id and s.deleted_at is null
            order by s.attempt desc limit 1), 'not_handed_in') end as state,
        case when mine.is_owner then (select count(distinct s.team_id)::int
          from assignment_submissions s
          where s.assignment_id = a.id and s.deleted_at is null) end as handed_in,
        case when mine.is_owner then (select count(*)::int from teams t
          where t.workspace_id = mine.id) end as expected
      from assignments a join mine on mine.id = a.workspace_id
      -- A member's own deadline: their team's extension (decision 0030); the owner's is the item's.
      left join lateral (select de.due_at, de.updated_at from deadline_extensions de
        where de.assignment_id = a.id and not mine.is_owner and de.team_id = mine.team_id) x
        on true
      where a.end_at is not null
      union all
      select 'task', n.id, n.task_title, n.assignment_type, coalesce(x.due_at, n.task_deadline),
        greatest(n.updated_at, x.updated_at), mine.id, mine.title, mine.slug, mine.is_owner,
        case when mine.is_owner then null
          else coalesce((select case
              when exists (select 1 from task_evaluations e where e.submission_id = s.id)
                then 'graded'
              when s.submitted_at > coalesce(x.due_at, n.task_deadline)
                + make_interval(mins => n.grace_minutes) then 'late'
              else 'handed_in' end
            from task_submissions s
            where s.note_id = n.id and s.is_current and s.kind = n.assignment_type
              and case when n.assignment_type = 'individual' then s.user_id = ${userId}
                else s.team_id = mine.team_id end
            limit 1), 'not_handed_in') end,
        case when mine.is_owner then (select count(*)::int from task_submissions s
          where s.note_id = n.id and s.is_current and s.kind = n.assignment_type) end,
        case when not mine.is_owner then null
          when n.assignment_type = 'individual' then (select count(*)::int
            from workspace_members m where m.workspace_id = mine.id and m.team_id is not null)
          else (select count(*)::int from teams t where t.workspace_id = mine.id) end
      from lecture_notes n join mine on mine.id = n.workspace_id
      left join lateral (select de.due_at, de.updated_at from deadline_extensions de
        where de.note_id = n.id and not mine.is_owner
          and case when n.assignment_type = 'individual' then de.member_id = mine.member_id
            else de.team_id = mine.team_id end) x on true
      -- Drafts never: a member cannot see them, and the owner has set no deadline to anyone yet.
      where n.is_published and n.has_task and n.task_deadline is not null
    )
    select kind, id, title, assignment_type as "assignmentType", wid as "workspaceId",
      wtitle as "workspaceTitle", wslug as "workspaceSlug", deadline, updated_at as "updatedAt",
      is_owner as "isOwner", state, handed_in as "handedIn", expected
    from items
    where deadline >= ${from.toISOString()}::timestamptz
      and (${to?.toISOString() ?? null}::timestamptz is null
        or deadline <= ${to?.toISOString() ?? null}::timestamptz)
    order by deadline, title, id`);
  return rowsOf<DeadlineRow>(result);
}

/** The account a feed token's hash belongs to (a disabled account's feed answers nothing). */
export async function findFeedReader(db: Db, tokenHash: string): Promise<FeedReader | null> {
  const result = await db.execute(sql`
    select u.id as "userId", case when u.email_verified then lower(btrim(u.email)) end as email,
      f.language
    from calendar_feeds f join "user" u on u.id = f.user_id
    where f.token_hash = ${tokenHash} and not u.disabled`);
  const [row] = rowsOf<{ userId: string; email: string | null; language: Language }>(result);
  return row ? { userId: row.userId, verifiedEmail: row.email, language: row.language } : null;
}

/**
 * Makes or replaces the user's feed, in `language`: the old hash is gone in the same statement.
 */
export async function saveFeed(
  db: Db,
  userId: string,
  tokenHash: string,
  language: Language,
): Promise<Date> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, language })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, language, createdAt: sql`now()` },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row!.createdAt;
}

/** Turns the user's feed off; true when there was one. */
export async function deleteFeed(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

/** When the user's current feed address was made, or null without one. */
export async function feedCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.createdAt ?? null;
}
