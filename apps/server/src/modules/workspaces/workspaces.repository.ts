import { randomUUID } from 'node:crypto';
import {
  type CourseCalendarSettings,
  isUuid,
  normalizeEmail,
  type ShuffleSnapshot,
  slugify,
  uniqueSlug,
} from '@teamshuffle/domain';
import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import {
  fixedPairs,
  keepApartPairs,
  lockedTeamMembers,
  lockedTeams,
  teams,
  workspaceMembers,
  workspaceOrder,
  workspaces,
} from './workspaces.table.ts';
import type { DetailVersion } from '../workspace-access/workspace-access.repository.ts';
import { workspaceSlugHistory } from './slug-history.table.ts';
import { user } from '../users/users.table.ts';
import { rowsOf } from '../../db/rows.ts';

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
  /** The course calendar (issue 26): the creator's zone and the Monday of this week in it. */
  timeZone: string;
  semesterStart: string;
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
      timeZone: input.timeZone,
      semesterStart: input.semesterStart,
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
      // Create Team keeps the imported e-mails (issue 15), stored as the e-mail modal stores them.
      email: member.email ? normalizeEmail(member.email) : null,
      attributes: member.attributes ?? null,
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

/** The roster entries of a workspace that have an e-mail (who Create Team invites). */
export async function rosterEmails(db: Db, workspaceId: string) {
  const rows = await db
    .select({ memberId: workspaceMembers.id, email: workspaceMembers.email })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.position));
  return rows.flatMap((row) => (row.email ? [{ memberId: row.memberId, email: row.email }] : []));
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
  return rowsOf<WorkspaceCardRow>(result);
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
  const [row] = rowsOf<{ detail: WorkspaceDetailRows | string }>(result);
  if (!row) throw new Error('the detail query returned no row');
  // node-postgres and PGlite both parse json; a driver that does not would hand back text.
  return typeof row.detail === 'string'
    ? (JSON.parse(row.detail) as WorkspaceDetailRows)
    : row.detail;
}

/**
 * Renames a workspace and moves its address to the new title (issue 24): the slug becomes the
 * title's (or the next free `-2`, `-3`, ...; the workspace's own slug counts as free), and the
 * slug it had goes to the history, in one transaction. Two renames racing for one slug: the
 * loser fails on the unique slug and is tried again by the caller.
 */
export async function updateWorkspaceTitle(db: Db, workspaceId: string, title: string) {
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [current] = await tx
      .select({ slug: workspaces.slug })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    if (!current) return;
    const taken = await takenSlugs(tx, slugify(title));
    taken.delete(current.slug);
    const slug = uniqueSlug(title, (candidate) => taken.has(candidate));
    if (slug !== current.slug) {
      await tx
        .insert(workspaceSlugHistory)
        .values({ slug: current.slug, workspaceId })
        .onConflictDoUpdate({
          target: [workspaceSlugHistory.slug, workspaceSlugHistory.workspaceId],
          set: { createdAt: sql`now()` },
        });
      // Its current name is not also an old one.
      await tx
        .delete(workspaceSlugHistory)
        .where(
          and(
            eq(workspaceSlugHistory.workspaceId, workspaceId),
            eq(workspaceSlugHistory.slug, slug),
          ),
        );
    }
    await tx
      .update(workspaces)
      .set({ title, slug, updatedAt: sql`now()` })
      .where(eq(workspaces.id, workspaceId));
  });
}

/** Makes a workspace public or private. */
export async function updateWorkspaceVisibility(db: Db, workspaceId: string, isPublic: boolean) {
  await db
    .update(workspaces)
    .set({ isPublic, updatedAt: sql`now()` })
    .where(eq(workspaces.id, workspaceId));
}

/** Sets a workspace's course calendar fields given; answers them as saved (none: no workspace). */
export async function updateCourseCalendar(
  db: Db,
  workspaceId: string,
  changes: Partial<CourseCalendarSettings>,
): Promise<CourseCalendarSettings | undefined> {
  const [saved] = await db
    .update(workspaces)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(workspaces.id, workspaceId))
    .returning({
      timeZone: workspaces.timeZone,
      semesterStart: workspaces.semesterStart,
      reminderHoursBefore: workspaces.reminderHoursBefore,
    });
  return saved;
}

/** Deletes a workspace and, by cascade, everything in it. */
export async function deleteWorkspace(db: Db, workspaceId: string) {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/** A team of the workspace with its members, or undefined; one statement, so one snapshot. */
export async function findTeam(db: Db, workspaceId: string, teamId: string) {
  if (!isUuid(teamId)) return undefined;
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

/** The unique index that keeps one e-mail to one member of a workspace (migration 0023). */
export const MEMBER_EMAIL_INDEX = 'workspace_members_workspace_email_key';

/**
 * Sets the e-mails of some roster entries of a workspace (each entry its own row). The changed
 * rows are cleared first, so two members may swap e-mails without passing through a duplicate.
 * `link` runs last in the same transaction (the invitation mails the change causes).
 */
export async function setMemberEmails(
  db: Db,
  workspaceId: string,
  changes: ReadonlyArray<{ memberId: string; email: string | null }>,
  link?: (tx: Db) => Promise<void>,
) {
  if (changes.length === 0) return;
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    await tx
      .update(workspaceMembers)
      .set({ email: null })
      .where(
        and(
          inArray(
            workspaceMembers.id,
            changes.map((change) => change.memberId),
          ),
          eq(workspaceMembers.workspaceId, workspaceId),
        ),
      );
    for (const change of changes) {
      if (change.email === null) continue;
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
    await link?.(tx);
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

/**
 * Workspaces that had a slug matching a /workspaces/{name} route before a rename (the name or a
 * prefix of it), the most recently left first.
 */
export async function findOldSlugCandidates(db: Db, name: string) {
  const prefixes = [name, ...[...name.matchAll(/-/g)].map((match) => name.slice(0, match.index))];
  return db
    .select({ id: workspaceSlugHistory.workspaceId, slug: workspaceSlugHistory.slug })
    .from(workspaceSlugHistory)
    .where(inArray(workspaceSlugHistory.slug, prefixes))
    .orderBy(desc(workspaceSlugHistory.createdAt));
}
