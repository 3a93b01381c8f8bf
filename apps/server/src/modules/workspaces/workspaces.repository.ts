import { randomUUID } from 'node:crypto';
import type { ShuffleSnapshot } from '@teamshuffle/domain';
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { statement } from '../../db/prepared.ts';
import type { Db } from '../../plugins/database.ts';
import {
  fixedPairs,
  keepApartPairs,
  lockedTeamMembers,
  lockedTeams,
  teams,
  workspaceMembers,
  userPreferences,
  workspaceOrder,
  workspaces,
} from './workspaces.table.ts';
import {
  SESSION_WITH_USER_COLUMNS,
  type SessionWithUser,
  sessionOf,
} from '../users/users.repository.ts';
import type { DetailVersion } from './detail-cache.ts';
import { user } from '../users/users.table.ts';

/** Slugs already taken that a new slug from `base` could collide with (base, base-2, ...). */
export async function takenSlugs(db: Db, base: string): Promise<Set<string>> {
  const escaped = base.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db
    .select({ slug: workspaces.slug })
    .from(workspaces)
    .where(or(eq(workspaces.slug, base), like(workspaces.slug, `${escaped}-%`)));
  return new Set(rows.map((row) => row.slug));
}

type NewWorkspace = {
  ownerId: string;
  title: string;
  slug: string;
  sourceResultId: string | null;
  snapshot: ShuffleSnapshot;
};

/**
 * Writes a workspace with its roster, teams (no leaders yet) and constraints. Call it inside a
 * transaction: it is several statements. Ids are made here, so rows are written in batches.
 */
export async function insertWorkspace(db: Db, input: NewWorkspace) {
  const { snapshot } = input;
  const [workspace] = await db
    .insert(workspaces)
    .values({
      ownerId: input.ownerId,
      title: input.title,
      slug: input.slug,
      groupSize: snapshot.groupSize,
      sourceResultId: input.sourceResultId,
    })
    .returning();
  if (!workspace) throw new Error('insert returned no workspace');

  const teamIdByNumber = new Map(snapshot.groups.map((group) => [group.number, randomUUID()]));
  const teamOfMember = new Map<string, string>();
  for (const group of snapshot.groups) {
    for (const memberId of group.memberIds)
      teamOfMember.set(memberId, teamIdByNumber.get(group.number)!);
  }
  await db.insert(teams).values(
    snapshot.groups.map((group) => ({
      id: teamIdByNumber.get(group.number)!,
      workspaceId: workspace.id,
      number: group.number,
    })),
  );

  const rowIdOf = new Map(snapshot.members.map((member) => [member.id, randomUUID()]));
  await db.insert(workspaceMembers).values(
    snapshot.members.map((member, position) => ({
      id: rowIdOf.get(member.id)!,
      workspaceId: workspace.id,
      teamId: teamOfMember.get(member.id) ?? null,
      name: member.name,
      position,
    })),
  );

  const pairRows = (pairs: ShuffleSnapshot['fixedPairs']) =>
    pairs.map((pair) => ({
      workspaceId: workspace.id,
      memberAId: rowIdOf.get(pair.memberIds[0])!,
      memberBId: rowIdOf.get(pair.memberIds[1])!,
    }));
  if (snapshot.fixedPairs.length > 0)
    await db.insert(fixedPairs).values(pairRows(snapshot.fixedPairs));
  if (snapshot.keepApart.length > 0)
    await db.insert(keepApartPairs).values(pairRows(snapshot.keepApart));
  if (snapshot.lockedTeams.length > 0) {
    const lockedIds = snapshot.lockedTeams.map(() => randomUUID());
    await db.insert(lockedTeams).values(lockedIds.map((id) => ({ id, workspaceId: workspace.id })));
    await db.insert(lockedTeamMembers).values(
      snapshot.lockedTeams.flatMap((locked, index) =>
        locked.memberIds.map((memberId) => ({
          lockedTeamId: lockedIds[index]!,
          memberId: rowIdOf.get(memberId)!,
        })),
      ),
    );
  }
  return workspace;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace row as access decisions and the detail page need it. */
type WorkspaceRow = Omit<
  typeof workspaces.$inferSelect,
  'updatedAt' | 'sourceResultId' | 'detailVersion'
>;

type FactsRow = { [K in keyof SessionWithUser]: SessionWithUser[K] | null } & Omit<
  WorkspaceRow,
  'id'
> & {
    id: string | null;
    detailVersion: string;
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
const WORKSPACE_FACTS = {
  name: 'workspace_facts',
  text: `select ${SESSION_WITH_USER_COLUMNS},
      w.id, w.slug, w.title, w.owner_id as "ownerId", w.is_public as "isPublic",
      w.group_size as "groupSize", w.created_at as "createdAt",
      w.detail_version::text as "detailVersion",
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
    UUID.test(workspaceId) ? workspaceId : null,
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
      },
      detailVersion: {
        workspace: Number(row.detailVersion),
        accounts: Number(row.accountsVersion),
      },
      membership: row.leads ? 'leader' : row.memberId ? 'member' : null,
      memberId: row.memberId,
      memberTeamId: row.memberTeamId,
      sortOrder: row.sortOrder ?? 'week-asc',
    },
  };
}

export type ListMode =
  | { kind: 'mine'; viewerId: string; viewerEmail: string | null }
  | { kind: 'public' }
  | {
      kind: 'user';
      viewerId: string;
      viewerEmail: string | null;
      targetId: string;
      targetEmail: string | null;
    };

export type WorkspaceCardRow = {
  id: string;
  slug: string;
  title: string;
  ownerId: string;
  isPublic: boolean;
  createdAt: Date | string;
  memberCount: number;
  leaderCount: number;
  teamCount: number;
  viewerMembership: 'leader' | 'member' | null;
  targetMembership: 'leader' | 'member' | null;
  teamNumber: number | null;
  displayOrder: number | null;
};

/**
 * The workspace list in one query: counts, the caller's and the listed user's roster roles (by
 * verified e-mail), and the caller's own order. `mode` decides which workspaces are listed.
 */
export async function listWorkspaceCards(db: Db, mode: ListMode): Promise<WorkspaceCardRow[]> {
  const viewerId = mode.kind === 'public' ? null : mode.viewerId;
  const viewerEmail =
    mode.kind === 'public' ? null : (mode.viewerEmail?.trim().toLowerCase() ?? null);
  const targetEmail =
    mode.kind === 'user' ? (mode.targetEmail?.trim().toLowerCase() ?? null) : null;
  const membershipOf = (email: string | null) => sql`(
    select case when bool_or(t.id is not null) then 'leader' else 'member' end
    from workspace_members m left join teams t on t.leader_member_id = m.id
    where m.workspace_id = w.id and ${email}::text is not null and lower(btrim(m.email)) = ${email}::text
    having count(*) > 0
  )`;
  let filter;
  switch (mode.kind) {
    case 'mine':
      filter = sql`w.owner_id = ${mode.viewerId} or vm.membership is not null`;
      break;
    case 'public':
      filter = sql`w.is_public`;
      break;
    case 'user':
      filter = sql`(w.owner_id = ${mode.targetId} or tm.membership is not null)
        and (w.owner_id = ${mode.viewerId} or vm.membership is not null or w.is_public)`;
      break;
  }
  const result = await db.execute(sql`
    select w.id, w.slug, w.title, w.owner_id as "ownerId", w.is_public as "isPublic",
      w.created_at as "createdAt",
      (select count(*)::int from workspace_members m where m.workspace_id = w.id) as "memberCount",
      (select count(*)::int from teams t where t.workspace_id = w.id and t.leader_member_id is not null) as "leaderCount",
      (select count(*)::int from teams t where t.workspace_id = w.id) as "teamCount",
      vm.membership as "viewerMembership", tm.membership as "targetMembership",
      o.team_number as "teamNumber", o.display_order as "displayOrder"
    from workspaces w
    left join lateral (select ${membershipOf(viewerEmail)} as membership) vm on true
    left join lateral (select ${membershipOf(targetEmail)} as membership) tm on true
    left join workspace_order o on o.workspace_id = w.id and o.user_id = ${viewerId}::text
    where ${filter}
    order by o.display_order asc nulls last, w.created_at desc, w.id
  `);
  // Both drivers answer raw SQL with `{ rows }`; the generic Db type cannot say so.
  return (result as { rows: WorkspaceCardRow[] }).rows;
}

/** A user's id, name and verified e-mail (for listing that user's workspaces). */
export async function findUserIdentity(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** Sets the caller's numbers for workspaces (one upsert statement; displayOrder = number - 1). */
export async function upsertWorkspaceOrder(
  db: Db,
  userId: string,
  items: ReadonlyArray<{ workspaceId: string; teamNumber: number }>,
) {
  if (items.length === 0) return;
  await db
    .insert(workspaceOrder)
    .values(
      items.map((item) => ({
        userId,
        workspaceId: item.workspaceId,
        teamNumber: item.teamNumber,
        displayOrder: item.teamNumber - 1,
      })),
    )
    .onConflictDoUpdate({
      target: [workspaceOrder.userId, workspaceOrder.workspaceId],
      set: {
        teamNumber: sql`excluded.team_number`,
        displayOrder: sql`excluded.display_order`,
        updatedAt: sql`now()`,
      },
    });
}

export type WorkspaceDetailRows = {
  /** The versions, read in the same statement as the rows. */
  version: DetailVersion;
  teamRows: Array<{ id: string; number: number; leaderMemberId: string | null }>;
  memberRows: Array<{
    id: string;
    name: string;
    email: string | null;
    teamId: string | null;
    position: number;
    photoUrl: string | null;
    isVerified: boolean;
  }>;
  pairs: Array<{ id: string; a: string; b: string }>;
  apart: Array<{ id: string; a: string; b: string }>;
  locked: Array<{ id: string; memberId: string }>;
};

/**
 * Everything the detail page shows, in one round trip: PostgreSQL builds the JSON (teams, roster
 * with the verified-account match, constraints), so a 300-member workspace costs one query. The
 * rows and their version come from the same snapshot.
 */
export async function loadWorkspaceDetail(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceDetailRows> {
  const result = await db.execute(sql`
    select json_build_object(
      'version', json_build_object(
        'workspace', (select w.detail_version from workspaces w where w.id = ${workspaceId}),
        'accounts', (select a.version from account_detail_version a where a.id = 1)),
      'teamRows', coalesce((
        select json_agg(json_build_object('id', t.id, 'number', t.number, 'leaderMemberId', t.leader_member_id)
          order by t.number)
        from teams t where t.workspace_id = ${workspaceId}), '[]'::json),
      'memberRows', coalesce((
        select json_agg(json_build_object(
            'id', m.id, 'name', m.name, 'email', m.email, 'teamId', m.team_id, 'position', m.position,
            'photoUrl', u.image, 'isVerified', u.id is not null)
          order by m.position)
        from workspace_members m
        left join "user" u on u.email = lower(btrim(m.email)) and u.email_verified
        where m.workspace_id = ${workspaceId}), '[]'::json),
      'pairs', coalesce((
        select json_agg(json_build_object('id', p.id, 'a', p.member_a_id, 'b', p.member_b_id))
        from workspace_fixed_pairs p where p.workspace_id = ${workspaceId}), '[]'::json),
      'apart', coalesce((
        select json_agg(json_build_object('id', p.id, 'a', p.member_a_id, 'b', p.member_b_id))
        from workspace_keep_apart_pairs p where p.workspace_id = ${workspaceId}), '[]'::json),
      'locked', coalesce((
        select json_agg(json_build_object('id', l.id, 'memberId', lm.member_id))
        from workspace_locked_teams l join workspace_locked_team_members lm on lm.locked_team_id = l.id
        where l.workspace_id = ${workspaceId}), '[]'::json)
    ) as detail
  `);
  const [row] = (result as { rows: Array<{ detail: WorkspaceDetailRows | string }> }).rows;
  if (!row) throw new Error('the detail query returned no row');
  // node-postgres and PGlite both parse json; a driver that does not would hand back text.
  return typeof row.detail === 'string'
    ? (JSON.parse(row.detail) as WorkspaceDetailRows)
    : row.detail;
}

/** Renames a workspace (a single-row update). */
export async function updateWorkspaceTitle(db: Db, workspaceId: string, title: string) {
  await db
    .update(workspaces)
    .set({ title, updatedAt: sql`now()` })
    .where(eq(workspaces.id, workspaceId));
}

/** Makes a workspace public or private. */
export async function updateWorkspaceVisibility(db: Db, workspaceId: string, isPublic: boolean) {
  await db
    .update(workspaces)
    .set({ isPublic, updatedAt: sql`now()` })
    .where(eq(workspaces.id, workspaceId));
}

/** Deletes a workspace and, by cascade, everything in it. */
export async function deleteWorkspace(db: Db, workspaceId: string) {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/** A team of the workspace with its members, or undefined; one statement, so one snapshot. */
export async function findTeam(db: Db, workspaceId: string, teamId: string) {
  if (!UUID.test(teamId)) return undefined;
  const rows = await db
    .select({
      team: teams,
      member: {
        id: workspaceMembers.id,
        name: workspaceMembers.name,
        email: workspaceMembers.email,
      },
    })
    .from(teams)
    .leftJoin(workspaceMembers, eq(workspaceMembers.teamId, teams.id))
    .where(and(eq(teams.id, teamId), eq(teams.workspaceId, workspaceId)))
    .orderBy(asc(workspaceMembers.position));
  const first = rows[0];
  if (!first) return undefined;
  const members = rows.flatMap((row) => (row.member ? [row.member] : []));
  return { ...first.team, members };
}

/**
 * Locks the workspace row for the rest of the transaction. Every write to a workspace's rows
 * starts with it: the write's trigger bumps `detail_version` on that row, and taking the row
 * first keeps two writers (or a writer and a delete) from each holding a row the other needs.
 */
async function lockWorkspace(tx: Db, workspaceId: string) {
  await tx.execute(sql`select 1 from workspaces where id = ${workspaceId} for no key update`);
}

/**
 * Sets (or clears) one team's leader: one row, so two owners changing two teams at the same
 * moment both take effect (one after the other, on the workspace row's lock).
 */
export async function setTeamLeader(
  db: Db,
  workspaceId: string,
  teamId: string,
  memberId: string | null,
) {
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    await tx.update(teams).set({ leaderMemberId: memberId }).where(eq(teams.id, teamId));
  });
}

/** Sets the e-mails of some roster entries of a workspace (each entry its own row). */
export async function setMemberEmails(
  db: Db,
  workspaceId: string,
  changes: ReadonlyArray<{ memberId: string; email: string | null }>,
) {
  if (changes.length === 0) return;
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    for (const change of changes) {
      await tx
        .update(workspaceMembers)
        .set({ email: change.email })
        .where(
          and(
            eq(workspaceMembers.id, change.memberId),
            eq(workspaceMembers.workspaceId, workspaceId),
          ),
        );
    }
  });
}

/** The caller's lecture-note sort order, 'week-asc' when never set. */
export async function findSortOrder(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ order: userPreferences.lectureNoteSortOrder })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.order ?? 'week-asc';
}

/** Stores the caller's lecture-note sort order (created on first use). */
export async function upsertSortOrder(db: Db, userId: string, order: string) {
  await db
    .insert(userPreferences)
    .values({ userId, lectureNoteSortOrder: order })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { lectureNoteSortOrder: order, updatedAt: sql`now()` },
    });
}

/** Workspaces whose slug could match a /workspaces/{name} route: the name itself or a prefix of it. */
export async function findSlugCandidates(db: Db, name: string) {
  // Every prefix of the name that ends before a dash, plus the whole name.
  const prefixes = [name, ...[...name.matchAll(/-/g)].map((match) => name.slice(0, match.index))];
  return db
    .select({ id: workspaces.id, slug: workspaces.slug })
    .from(workspaces)
    .where(inArray(workspaces.slug, prefixes));
}
