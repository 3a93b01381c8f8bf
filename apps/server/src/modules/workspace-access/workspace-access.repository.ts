import { isUuid } from '@teamshuffle/domain';
import { statement } from '../../db/prepared.ts';
import type { Db } from '../../plugins/database.ts';
import {
  SESSION_WITH_USER_COLUMNS,
  type SessionWithUser,
  sessionOf,
} from '../users/users.repository.ts';
import type { workspaces } from '../workspaces/workspaces.table.ts';

/**
 * `workspaces.detail_version` and `account_detail_version.version`, read in one statement. Both
 * only grow, and they grow in commit order (each bump updates one row, so bumps serialise).
 */
export type DetailVersion = { readonly workspace: number; readonly accounts: number };

/**
 * What the course sections (notes, assignments, scores) show depends on the detail's versions
 * (teams, roster, names) and on `workspaces.content_version` (migration 0018).
 */
export type SectionVersion = DetailVersion & { readonly content: number };

/** The workspace row as access decisions and the detail page need it. */
type WorkspaceRow = Omit<
  typeof workspaces.$inferSelect,
  'updatedAt' | 'sourceResultId' | 'detailVersion' | 'contentVersion'
>;

type FactsRow = { [K in keyof SessionWithUser]: SessionWithUser[K] | null } & Omit<
  WorkspaceRow,
  'id'
> & {
    id: string | null;
    detailVersion: string;
    contentVersion: string;
    accountsVersion: string;
    memberId: string | null;
    memberTeamId: string | null;
    leads: boolean | null;
    sortOrder: string | null;
  };

// Every workspace request starts here, so it is a prepared statement (db/prepared.ts), not a
// Drizzle query. $1 the workspace id (or null). The caller is either $2, a session token: the
// session and its user are read too, and their verified e-mail and preferences are used; or
// $3, a verified e-mail (trimmed, lower case) or null, with $4, the user whose preferences to
// read, or null. Of the caller's roster entries, one leading a team comes first. One row always.
export const WORKSPACE_FACTS = {
  name: 'workspace_facts',
  text: `select ${SESSION_WITH_USER_COLUMNS},
      w.id, w.slug, w.title, w.owner_id as "ownerId", w.is_public as "isPublic",
      w.group_size as "groupSize", w.created_at as "createdAt", w.time_zone as "timeZone",
      w.semester_start::text as "semesterStart", w.reminder_hours_before as "reminderHoursBefore",
      w.detail_version::text as "detailVersion", w.content_version::text as "contentVersion",
      (select a.version from account_detail_version a where a.id = 1)::text as "accountsVersion",
      me.id as "memberId", me.team_id as "memberTeamId", me.leads,
      p.lecture_note_sort_order as "sortOrder"
    from (select $2::text as token, $3::text as email, $4::text as preferences_of) arg
    left join session s on s.token = arg.token
    left join "user" u on u.id = s.user_id
    cross join lateral (
      select case when arg.token is null then arg.email
          when u.email_verified then lower(btrim(u.email)) end as email,
        case when arg.token is null then arg.preferences_of else u.id end as preferences_of
    ) caller
    left join workspaces w on w.id = $1::uuid
    left join lateral (
      select m.id, m.team_id,
        exists (select 1 from teams t where t.leader_member_id = m.id) as leads
      from workspace_members m
      where m.workspace_id = w.id and caller.email is not null
        and lower(btrim(m.email)) = caller.email
      order by leads desc, m.position
      limit 1
    ) me on true
    left join user_preferences p on p.user_id = caller.preferences_of`,
} as const;

export type WorkspaceFacts = {
  workspace: WorkspaceRow;
  /** What a cached detail must be at least as new as. */
  detailVersion: DetailVersion;
  /** What a cached section must be at least as new as. */
  sectionVersion: SectionVersion;
  membership: 'leader' | 'member' | null;
  memberId: string | null;
  memberTeamId: string | null;
  sortOrder: string;
};

export type WorkspaceCaller =
  { sessionToken: string | null } | { verifiedEmail: string | null; preferencesOf: string | null };

/**
 * The workspace and the caller's roster entry (matched by verified e-mail, trimmed and
 * case-insensitive) with the caller's lecture-note sort order, in one query; `facts` is
 * undefined when there is no such workspace. Given a session token, the same query reads the
 * session and its user (`session`), and the facts are that user's.
 */
export async function findWorkspaceFacts(
  db: Db,
  workspaceId: string,
  caller: WorkspaceCaller,
): Promise<{ session: SessionWithUser | undefined; facts: WorkspaceFacts | undefined }> {
  const bySession = 'sessionToken' in caller;
  const [row] = await statement<FactsRow>(
    db,
    WORKSPACE_FACTS,
  )([
    isUuid(workspaceId) ? workspaceId : null,
    bySession ? caller.sessionToken : null,
    bySession ? null : (caller.verifiedEmail?.trim().toLowerCase() ?? null),
    bySession ? null : caller.preferencesOf,
  ]);
  if (!row) throw new Error('the workspace facts query returned no row');
  const session = sessionOf(row);
  if (row.id === null) return { session, facts: undefined };
  return {
    session,
    facts: {
      workspace: {
        id: row.id,
        slug: row.slug,
        title: row.title,
        ownerId: row.ownerId,
        isPublic: row.isPublic,
        groupSize: row.groupSize,
        createdAt: row.createdAt,
        timeZone: row.timeZone,
        semesterStart: row.semesterStart,
        reminderHoursBefore: row.reminderHoursBefore,
      },
      detailVersion: {
        workspace: Number(row.detailVersion),
        accounts: Number(row.accountsVersion),
      },
      sectionVersion: {
        workspace: Number(row.detailVersion),
        accounts: Number(row.accountsVersion),
        content: Number(row.contentVersion),
      },
      membership: row.leads ? 'leader' : row.memberId ? 'member' : null,
      memberId: row.memberId,
      memberTeamId: row.memberTeamId,
      sortOrder: row.sortOrder ?? 'week-asc',
    },
  };
}
