import type {
  RosterEvent,
  RosterEventKind,
  RosterEventState,
  TeamMembershipPeriod,
} from '@teamshuffle/domain';
import { isUuid } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Db } from '../../plugins/database.ts';
import { rosterEvents } from './roster.table.ts';

// The only code of the roster module that writes SQL. Every change runs in one transaction that
// locks the workspace row first (as the workspaces module's writes do, migration 0006: the
// detail-version triggers bump that row), then the member's row: two changes to one member run
// one after the other, and each reads the roster as the other left it.

/** A roster entry as a change needs it, with its team's number. */
export type LockedMember = {
  id: string;
  name: string;
  email: string | null;
  teamId: string | null;
  teamNumber: number | null;
};

/** Locks the workspace row for the rest of the transaction (see above). */
export async function lockWorkspace(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`select 1 from workspaces where id = ${workspaceId} for no key update`);
}

/** Locks one roster entry of the workspace; undefined when there is no such entry. */
export async function lockMember(
  tx: Db,
  workspaceId: string,
  memberId: string,
): Promise<LockedMember | undefined> {
  if (!isUuid(memberId)) return undefined;
  const [row] = rowsOf<LockedMember>(
    await tx.execute(sql`
      select m.id, m.name, m.email, m.team_id as "teamId", t.number as "teamNumber"
      from workspace_members m left join teams t on t.id = m.team_id
      where m.id = ${memberId} and m.workspace_id = ${workspaceId}
      for update of m`),
  );
  return row;
}

/** A team of the workspace (its id and number); undefined when there is no such team. */
export async function findTeam(
  tx: Db,
  workspaceId: string,
  teamId: string,
): Promise<{ id: string; number: number } | undefined> {
  if (!isUuid(teamId)) return undefined;
  const [row] = rowsOf<{ id: string; number: number }>(
    await tx.execute(
      sql`select id, number from teams where id = ${teamId} and workspace_id = ${workspaceId}`,
    ),
  );
  return row;
}

/** The member who has this e-mail (trimmed, case-insensitive) in the workspace, if any. */
export async function findEmailHolder(
  tx: Db,
  workspaceId: string,
  email: string,
): Promise<{ name: string; teamNumber: number | null } | undefined> {
  const [row] = rowsOf<{ name: string; teamNumber: number | null }>(
    await tx.execute(sql`
      select m.name, t.number as "teamNumber"
      from workspace_members m left join teams t on t.id = m.team_id
      where m.workspace_id = ${workspaceId}
        and lower(btrim(m.email)) = lower(btrim(${email}))`),
  );
  return row;
}

/** Adds a roster entry at the end of the roster (one statement); its id. */
export async function insertMember(
  tx: Db,
  input: { workspaceId: string; name: string; email: string | null; teamId: string | null },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into workspace_members (workspace_id, team_id, name, email, position)
      select ${input.workspaceId}, ${input.teamId}, ${input.name}, ${input.email},
        coalesce(max(position) + 1, 0)
      from workspace_members where workspace_id = ${input.workspaceId}
      returning id`),
  );
  if (!row) throw new Error('insert returned no member');
  return row.id;
}

/** Puts a member in a team (the membership history follows: migration 0028's triggers). */
export async function setMemberTeam(tx: Db, memberId: string, teamId: string): Promise<void> {
  await tx.execute(sql`update workspace_members set team_id = ${teamId} where id = ${memberId}`);
}

/** Renames a member. */
export async function setMemberName(tx: Db, memberId: string, name: string): Promise<void> {
  await tx.execute(sql`update workspace_members set name = ${name} where id = ${memberId}`);
}

/**
 * Deletes a roster entry. What goes with it: its constraint rows (fixed pairs, keep-apart pairs,
 * locked teams), which only shape future shuffles. Work handed in is keyed by team and account,
 * never by roster entry, so it stays (decision 0019); the membership history closes its period.
 */
export async function deleteMember(tx: Db, memberId: string): Promise<void> {
  await tx.execute(sql`delete from workspace_members where id = ${memberId}`);
}

/**
 * Clears the member's leadership of any team (the leader-change trigger logs it); the number of
 * the team they led, or null.
 */
export async function clearLeadership(tx: Db, memberId: string): Promise<number | null> {
  const rows = rowsOf<{ number: number }>(
    await tx.execute(sql`
      update teams set leader_member_id = null where leader_member_id = ${memberId}
      returning number`),
  );
  return rows[0]?.number ?? null;
}

/** The names in a team now, in roster order (what "who was in the team then" records). */
export async function namesInTeam(tx: Db, teamId: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await tx.execute(
      sql`select name from workspace_members where team_id = ${teamId} order by position`,
    ),
  ).map((row) => row.name);
}

/**
 * Individual task answers follow the person (decision 0019): every attempt, graded or not, that
 * the member's account handed in at this workspace's notes is re-pointed at their new team, in
 * the move's transaction. The account is the one whose verified e-mail is the member's (as access
 * matches it). Team answers are not touched: they stay with the team they were handed in under.
 * The number of attempts re-pointed.
 */
export async function moveIndividualWork(
  tx: Db,
  workspaceId: string,
  email: string,
  teamId: string,
): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update task_submissions s set team_id = ${teamId}
      from lecture_notes ln, "user" u
      where ln.id = s.note_id and ln.workspace_id = ${workspaceId}
        and s.kind = 'individual' and s.user_id = u.id
        and u.email_verified and lower(btrim(u.email)) = lower(btrim(${email}))
        and s.team_id <> ${teamId}
      returning s.id`),
  );
  return rows.length;
}

/** One entry of the activity log, as a change writes it. */
export type NewRosterEvent = {
  workspaceId: string;
  /** Who made the change (the owner; the student, for a claim). */
  actorId: string | null;
  kind: RosterEventKind;
  memberId: string | null;
  memberName: string | null;
  before: RosterEventState | null;
  after: RosterEventState | null;
  teamThen?: string[] | null;
};

/**
 * Writes one entry to the activity log. Call it inside the change's transaction (`tx`), so the
 * entry commits if and only if the change does. Other modules (joining: a student's claim) call
 * it the same way.
 */
export async function recordRosterEvent(tx: Db, event: NewRosterEvent): Promise<void> {
  await tx.insert(rosterEvents).values({
    workspaceId: event.workspaceId,
    actorId: event.actorId,
    kind: event.kind,
    memberId: event.memberId,
    memberName: event.memberName,
    before: event.before,
    after: event.after,
    teamThen: event.teamThen ?? null,
  });
}

type EventRow = {
  id: string;
  at: string | Date;
  kind: RosterEventKind;
  actorId: string | null;
  actorName: string | null;
  memberName: string | null;
  before: RosterEventState | null;
  after: RosterEventState | null;
  teamThen: string[] | null;
};

/** One page of the activity log, newest first, older than `before` (an entry id) when given. */
export async function loadRosterLog(
  db: Db,
  workspaceId: string,
  before: string | undefined,
  limit: number,
): Promise<{ entries: RosterEvent[]; nextBefore: string | null }> {
  const rows = rowsOf<EventRow>(
    await db.execute(sql`
      select e.id::text as id, e.at, e.kind, e.actor_id as "actorId", u.name as "actorName",
        e.member_name as "memberName", e.before, e.after, e.team_then as "teamThen"
      from roster_events e left join "user" u on u.id = e.actor_id
      where e.workspace_id = ${workspaceId}
        and (${before ?? null}::bigint is null or e.id < ${before ?? null}::bigint)
      order by e.id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      kind: row.kind,
      actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
      memberName: row.memberName,
      before: row.before,
      after: row.after,
      teamThen: row.teamThen,
    })),
    nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Every membership period of the workspace, newest first (the name is the member's latest). */
export async function loadMemberships(
  db: Db,
  workspaceId: string,
): Promise<TeamMembershipPeriod[]> {
  const rows = rowsOf<{
    memberId: string;
    name: string;
    teamNumber: number;
    from: string | Date;
    until: string | Date | null;
    hasLeft: boolean;
  }>(
    await db.execute(sql`
      select h.member_id as "memberId", coalesce(m.name, h.member_name) as name,
        t.number as "teamNumber", h.started_at as "from", h.ended_at as until,
        h.has_left as "hasLeft"
      from team_memberships h join teams t on t.id = h.team_id
      left join workspace_members m on m.id = h.member_id
      where h.workspace_id = ${workspaceId}
      order by h.started_at desc, t.number, coalesce(m.name, h.member_name)
      limit 2000`),
  );
  return rows.map((row) => ({
    memberId: row.memberId,
    name: row.name,
    teamNumber: row.teamNumber,
    from: new Date(row.from).toISOString(),
    until: row.until === null ? null : new Date(row.until).toISOString(),
    hasLeft: row.hasLeft,
  }));
}
