import {
  computePeerResults,
  type PeerItemKind,
  type PeerRating,
  type PeerScores,
} from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { rowsOf } from '../../db/rows.ts';

// Peer evaluation's SQL (issue 25, decision 0026): the only file of the module that touches the
// database. `peerFactors` and `peer_factor_applications` are what the gradebook reads.

export type EvaluationRow = {
  id: string;
  workspaceId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  factorCap: number;
  releasedAt: string | null;
  teamIds: string[];
  expected: number;
  answered: number;
};

export type EvaluationMember = {
  memberId: string;
  name: string;
  teamId: string;
  teamNumber: number;
  email: string | null;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The evaluations of a workspace (newest first), or one, with their teams and progress. */
export async function loadEvaluations(
  db: Db,
  workspaceId: string,
  evaluationId: string | null = null,
): Promise<EvaluationRow[]> {
  return rowsOf<EvaluationRow>(
    await db.execute(sql`
      select e.id, e.workspace_id as "workspaceId", e.title,
        ${iso('e.starts_at')} as "startsAt", ${iso('e.ends_at')} as "endsAt",
        e.factor_cap as "factorCap",
        case when e.released_at is null then null else ${iso('e.released_at')} end as "releasedAt",
        coalesce((select array_agg(et.team_id::text order by t.number) from peer_evaluation_teams et
          join teams t on t.id = et.team_id where et.evaluation_id = e.id), '{}') as "teamIds",
        (select count(*)::int from workspace_members m
          join peer_evaluation_teams et on et.team_id = m.team_id and et.evaluation_id = e.id) as expected,
        (select count(*)::int from peer_responses r
          join workspace_members m on m.id = r.rater_member_id and m.team_id = r.team_id
          where r.evaluation_id = e.id) as answered
      from peer_evaluations e
      where e.workspace_id = ${workspaceId}
        and (${evaluationId}::uuid is null or e.id = ${evaluationId}::uuid)
      order by e.created_at desc, e.id`),
  ).map((row) => ({ ...row, factorCap: Number(row.factorCap) }));
}

/** How many of the given team ids are teams of the workspace. */
export async function countWorkspaceTeams(db: Db, workspaceId: string, teamIds: readonly string[]) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from teams
      where workspace_id = ${workspaceId} and id in (${sql.join(
        teamIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return row?.n ?? 0;
}

/** Inserts an evaluation and its teams; returns its id. */
export async function insertEvaluation(
  tx: Db,
  input: {
    workspaceId: string;
    title: string;
    startsAt: string;
    endsAt: string;
    factorCap: number;
    teamIds: readonly string[];
    createdBy: string;
  },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into peer_evaluations (workspace_id, title, starts_at, ends_at, factor_cap, created_by)
      values (${input.workspaceId}, ${input.title}, ${input.startsAt}::timestamptz,
        ${input.endsAt}::timestamptz, ${input.factorCap}, ${input.createdBy})
      returning id`),
  );
  const id = row!.id;
  await tx.execute(sql`insert into peer_evaluation_teams (evaluation_id, team_id)
    values ${sql.join(
      input.teamIds.map((teamId) => sql`(${id}, ${teamId})`),
      sql`, `,
    )}`);
  return id;
}

/** The members now in the evaluation's teams, by team and roster position. */
export async function loadEvaluationMembers(
  db: Db,
  evaluationId: string,
): Promise<EvaluationMember[]> {
  return rowsOf<EvaluationMember>(
    await db.execute(sql`
      select m.id as "memberId", m.name, t.id as "teamId", t.number as "teamNumber",
        nullif(lower(btrim(m.email)), '') as email
      from peer_evaluation_teams et
      join teams t on t.id = et.team_id
      join workspace_members m on m.team_id = t.id
      where et.evaluation_id = ${evaluationId}
      order by t.number, m.position`),
  );
}

type RatingRow = { raterId: string; rateeId: string } & PeerScores;

/** Every rating of an evaluation, as the math needs it. */
export async function loadRatings(db: Db, evaluationId: string): Promise<PeerRating[]> {
  const rows = rowsOf<RatingRow>(
    await db.execute(sql`
      select r.rater_member_id as "raterId", g.ratee_member_id as "rateeId",
        g.contributing, g.interacting, g.keeping_on_track as "keepingOnTrack",
        g.expecting_quality as "expectingQuality", g.knowledge
      from peer_responses r join peer_ratings g on g.response_id = r.id
      where r.evaluation_id = ${evaluationId}`),
  );
  return rows.map(({ raterId, rateeId, ...scores }) => ({ raterId, rateeId, scores }));
}

/** The answers' comments and who answered (the owner's view). */
export async function loadResponses(db: Db, evaluationId: string) {
  return rowsOf<{ raterId: string; comment: string }>(
    await db.execute(sql`
      select rater_member_id as "raterId", comment from peer_responses
      where evaluation_id = ${evaluationId}`),
  );
}

/** One rater's own answer, or undefined. */
export async function loadOwnResponse(db: Db, evaluationId: string, raterId: string) {
  const [response] = rowsOf<{ id: string; comment: string; submittedAt: string }>(
    await db.execute(sql`
      select id, comment, ${iso('submitted_at')} as "submittedAt" from peer_responses
      where evaluation_id = ${evaluationId} and rater_member_id = ${raterId}`),
  );
  if (!response) return undefined;
  const ratings = rowsOf<{ rateeMemberId: string } & PeerScores>(
    await db.execute(sql`
      select ratee_member_id as "rateeMemberId", contributing, interacting,
        keeping_on_track as "keepingOnTrack", expecting_quality as "expectingQuality", knowledge
      from peer_ratings where response_id = ${response.id}`),
  );
  return {
    comment: response.comment,
    submittedAt: response.submittedAt,
    ratings: ratings.map(({ rateeMemberId, ...scores }) => ({ rateeMemberId, scores })),
  };
}

/**
 * Saves a rater's answer: the response row (a second save replaces it: one row per rater, taken
 * by a unique index, so two saves at once leave one answer) and its ratings.
 */
export async function saveResponse(
  tx: Db,
  input: {
    evaluationId: string;
    raterId: string;
    teamId: string;
    comment: string;
    ratings: ReadonlyArray<{ rateeMemberId: string; scores: PeerScores }>;
  },
) {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into peer_responses (evaluation_id, rater_member_id, team_id, comment)
      values (${input.evaluationId}, ${input.raterId}, ${input.teamId}, ${input.comment})
      on conflict (evaluation_id, rater_member_id) do update
        set team_id = excluded.team_id, comment = excluded.comment, submitted_at = now()
      returning id`),
  );
  const responseId = row!.id;
  await tx.execute(sql`delete from peer_ratings where response_id = ${responseId}`);
  await tx.execute(sql`
    insert into peer_ratings (response_id, ratee_member_id, contributing, interacting,
      keeping_on_track, expecting_quality, knowledge)
    values ${sql.join(
      input.ratings.map(
        ({ rateeMemberId, scores: s }) =>
          sql`(${responseId}, ${rateeMemberId}, ${s.contributing}, ${s.interacting}, ${s.keepingOnTrack}, ${s.expectingQuality}, ${s.knowledge})`,
      ),
      sql`, `,
    )}`);
}

/** Sets the factor's cap. */
export async function setFactorCap(db: Db, evaluationId: string, factorCap: number) {
  await db.execute(
    sql`update peer_evaluations set factor_cap = ${factorCap} where id = ${evaluationId}`,
  );
}

/** Releases the results once; true when this call released them. */
export async function markReleased(tx: Db, evaluationId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`update peer_evaluations set released_at = now()
      where id = ${evaluationId} and released_at is null returning id`),
  );
  return rows.length === 1;
}

/** The verified accounts of members of the evaluation's teams (and their member ids). */
export async function evaluationAccounts(db: Db, evaluationId: string) {
  return rowsOf<{ userId: string; memberId: string }>(
    await db.execute(sql`
      select distinct u.id as "userId", m.id as "memberId"
      from peer_evaluation_teams et
      join workspace_members m on m.team_id = et.team_id
      join "user" u on u.email = lower(btrim(m.email)) and u.email_verified
      where et.evaluation_id = ${evaluationId}`),
  );
}

/**
 * Claims a reminder for each member with an account who has not answered an open evaluation
 * (ending within `withinHours` when given; every open one otherwise, or only `evaluationId`).
 * The claims commit with the transaction that enqueues the notifications.
 */
export async function claimReminders(
  tx: Db,
  options: { now: Date; evaluationId?: string; withinHours?: number },
) {
  const now = options.now.toISOString();
  return rowsOf<{
    evaluationId: string;
    memberId: string;
    userId: string;
    workspaceId: string;
    title: string;
    endsAt: string;
  }>(
    await tx.execute(sql`
      with due as (
        select e.id as evaluation_id, m.id as member_id, u.id as user_id, e.workspace_id,
          e.title, e.ends_at
        from peer_evaluations e
        join peer_evaluation_teams et on et.evaluation_id = e.id
        join workspace_members m on m.team_id = et.team_id
        join "user" u on u.email = lower(btrim(m.email)) and u.email_verified
        where e.starts_at <= ${now}::timestamptz and e.ends_at > ${now}::timestamptz
          and (${options.evaluationId ?? null}::uuid is null or e.id = ${options.evaluationId ?? null}::uuid)
          and (${options.withinHours ?? null}::int is null
            or e.ends_at <= ${now}::timestamptz + make_interval(hours => ${options.withinHours ?? 0}))
          and not exists (select 1 from peer_responses r
            where r.evaluation_id = e.id and r.rater_member_id = m.id)
      ), claimed as (
        insert into peer_evaluation_reminders (evaluation_id, member_id)
        select evaluation_id, member_id from due
        on conflict do nothing
        returning evaluation_id, member_id
      )
      select d.evaluation_id as "evaluationId", d.member_id as "memberId", d.user_id as "userId",
        d.workspace_id as "workspaceId", d.title, ${iso('d.ends_at')} as "endsAt"
      from due d join claimed c on c.evaluation_id = d.evaluation_id and c.member_id = d.member_id`),
  );
}

/** The items a factor may be applied to: the workspace's assignments and team tasks. */
export async function loadItems(db: Db, workspaceId: string) {
  return rowsOf<{ itemKind: PeerItemKind; itemId: string; title: string }>(
    await db.execute(sql`
      select 'assignment' as "itemKind", id as "itemId", title from assignments
        where workspace_id = ${workspaceId}
      union all
      select 'team_task', id, coalesce(task_title, title) from lecture_notes
        where workspace_id = ${workspaceId} and has_task and assignment_type = 'team'
      order by 1, 3`),
  );
}

/** Whether the item is the workspace's (an assignment, or a lecture note with a team task). */
export async function itemExists(db: Db, workspaceId: string, kind: PeerItemKind, itemId: string) {
  const query =
    kind === 'assignment'
      ? sql`select 1 from assignments where id = ${itemId} and workspace_id = ${workspaceId}`
      : sql`select 1 from lecture_notes where id = ${itemId} and workspace_id = ${workspaceId}
          and has_task and assignment_type = 'team'`;
  return rowsOf(await db.execute(query)).length === 1;
}

/** The items the evaluation's factor applies to. */
export async function loadApplications(db: Db, evaluationId: string) {
  return rowsOf<{ itemKind: PeerItemKind; itemId: string }>(
    await db.execute(sql`
      select item_kind as "itemKind", item_id as "itemId" from peer_factor_applications
      where evaluation_id = ${evaluationId} order by applied_at, item_id`),
  );
}

/** Applies an evaluation's factor to an item (replacing another evaluation's on it). */
export async function upsertApplication(
  db: Db,
  input: { workspaceId: string; itemKind: PeerItemKind; itemId: string; evaluationId: string },
) {
  await db.execute(sql`
    insert into peer_factor_applications (workspace_id, item_kind, item_id, evaluation_id)
    values (${input.workspaceId}, ${input.itemKind}, ${input.itemId}, ${input.evaluationId})
    on conflict (workspace_id, item_kind, item_id) do update
      set evaluation_id = excluded.evaluation_id, applied_at = now()`);
}

/** Takes the evaluation's factor off an item. */
export async function deleteApplication(
  db: Db,
  input: { itemKind: PeerItemKind; itemId: string; evaluationId: string },
) {
  await db.execute(sql`
    delete from peer_factor_applications
    where evaluation_id = ${input.evaluationId} and item_kind = ${input.itemKind}
      and item_id = ${input.itemId}`);
}

/** A member's adjustment factor in one evaluation (null when nobody rated them). */
export type PeerFactor = {
  evaluationId: string;
  memberId: string;
  teamId: string;
  factor: number | null;
  /** The member's average rating by others (1-5), null with none. */
  byOthers: number | null;
  releasedAt: string | null;
};

/**
 * Each member's adjustment factor in each evaluation of a workspace: what the gradebook applies to
 * the items named in `peer_factor_applications` (issue 25; the gradebook imports only this). Three
 * queries whatever the number of evaluations; the math is the domain's `computePeerResults`.
 */
export async function peerFactors(db: Db, workspaceId: string): Promise<PeerFactor[]> {
  const [evaluations, members, ratings] = await Promise.all([
    db.execute(sql`select id, factor_cap as "factorCap",
        case when released_at is null then null else ${iso('released_at')} end as "releasedAt"
      from peer_evaluations where workspace_id = ${workspaceId}`),
    db.execute(sql`
      select et.evaluation_id as "evaluationId", m.id as "memberId", m.team_id as "teamId"
      from peer_evaluations e
      join peer_evaluation_teams et on et.evaluation_id = e.id
      join workspace_members m on m.team_id = et.team_id
      where e.workspace_id = ${workspaceId}`),
    db.execute(sql`
      select r.evaluation_id as "evaluationId", r.rater_member_id as "raterId",
        g.ratee_member_id as "rateeId", g.contributing, g.interacting,
        g.keeping_on_track as "keepingOnTrack", g.expecting_quality as "expectingQuality",
        g.knowledge
      from peer_evaluations e
      join peer_responses r on r.evaluation_id = e.id
      join peer_ratings g on g.response_id = r.id
      where e.workspace_id = ${workspaceId}`),
  ]);
  const membersOf = Map.groupBy(
    rowsOf<{ evaluationId: string; memberId: string; teamId: string }>(members),
    (row) => row.evaluationId,
  );
  const ratingsOf = Map.groupBy(
    rowsOf<RatingRow & { evaluationId: string }>(ratings),
    (row) => row.evaluationId,
  );
  return rowsOf<{ id: string; factorCap: number; releasedAt: string | null }>(evaluations).flatMap(
    (evaluation) => {
      const result = computePeerResults(
        membersOf.get(evaluation.id) ?? [],
        (ratingsOf.get(evaluation.id) ?? []).map(
          ({ raterId, rateeId, evaluationId: _e, ...scores }) => ({
            raterId,
            rateeId,
            scores,
          }),
        ),
        Number(evaluation.factorCap),
      );
      return result.members.map((m) => ({
        evaluationId: evaluation.id,
        memberId: m.memberId,
        teamId: m.teamId,
        factor: m.factor,
        byOthers: m.byOthers,
        releasedAt: evaluation.releasedAt,
      }));
    },
  );
}
