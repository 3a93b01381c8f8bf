import {
  AppError,
  computePeerResults,
  notificationText,
  PEER_FACTOR_CAP_DEFAULT,
  peerEvaluationState,
  roundPeer,
  type PeerApplicationInput,
  type PeerEvaluationCreateInput,
  type PeerEvaluationForm,
  type PeerEvaluationList,
  type PeerEvaluationResults,
  type PeerEvaluationSummary,
  type PeerResponseInput,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import { enqueueNotifications } from '../notifications/notifications.outbox.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import {
  claimReminders,
  countWorkspaceTeams,
  deleteApplication,
  evaluationAccounts,
  type EvaluationRow,
  insertEvaluation,
  itemExists,
  loadApplications,
  loadEvaluationMembers,
  loadEvaluations,
  loadItems,
  loadOwnResponse,
  loadRatings,
  loadResponses,
  markReleased,
  saveResponse,
  setFactorCap,
  upsertApplication,
} from './peer-evaluation.repository.ts';

// Peer evaluation (issue 25, decision 0026). The routes' guards checked the permission table
// (the owner's actions: `manageAssignments`; answering: `submitTask`, a leader or a member; reading:
// `read`, and a viewer is refused here); each service then checks the rule.

const round = (value: number | null) => (value === null ? null : roundPeer(value));

function summary(
  row: EvaluationRow,
  now: Date,
  hasAnswered: boolean | null,
): PeerEvaluationSummary {
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    state: peerEvaluationState(row, now),
    factorCap: row.factorCap,
    releasedAt: row.releasedAt,
    teamIds: row.teamIds,
    expected: row.expected,
    answered: row.answered,
    hasAnswered,
  };
}

async function findEvaluation(db: Db, access: Access, evaluationId: string) {
  const [row] = await loadEvaluations(db, access.workspace.id, evaluationId);
  if (!row) throw new AppError('peer_evaluation_not_found');
  return row;
}

/** A member may see an evaluation only when their team is in it (else: as if it did not exist). */
function requireOwnTeam(access: Access, row: EvaluationRow) {
  if (access.memberTeamId === null || !row.teamIds.includes(access.memberTeamId)) {
    throw new AppError('peer_evaluation_not_found');
  }
}

function refuseViewer(access: Access) {
  if (access.role === 'viewer') throw new AppError('forbidden');
}

/** The owner opens an evaluation on chosen teams of the workspace. */
export async function createEvaluation(
  db: Db,
  access: Access,
  userId: string,
  input: PeerEvaluationCreateInput,
  now = new Date(),
): Promise<PeerEvaluationSummary> {
  const workspaceId = access.workspace.id;
  const id = await db.transaction(async (tx) => {
    if ((await countWorkspaceTeams(tx, workspaceId, input.teamIds)) !== input.teamIds.length) {
      throw new AppError('peer_team_not_found', { field: 'teamIds' });
    }
    return insertEvaluation(tx, {
      workspaceId,
      title: input.title,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      factorCap: input.factorCap ?? PEER_FACTOR_CAP_DEFAULT,
      teamIds: input.teamIds,
      createdBy: userId,
    });
  });
  return summary((await loadEvaluations(db, workspaceId, id))[0]!, now, null);
}

/** The owner sees every evaluation with its progress; a member those of their team. */
export async function listEvaluations(
  db: Db,
  access: Access,
  now = new Date(),
): Promise<PeerEvaluationList> {
  refuseViewer(access);
  const rows = await loadEvaluations(db, access.workspace.id);
  if (access.role === 'owner') return { items: rows.map((row) => summary(row, now, null)) };
  const mine = rows.filter(
    (row) => access.memberTeamId !== null && row.teamIds.includes(access.memberTeamId),
  );
  const items = await Promise.all(
    mine.map(async (row) => {
      const own = access.memberId ? await loadOwnResponse(db, row.id, access.memberId) : undefined;
      // A member sees their own status, not how many of the class answered.
      return { ...summary(row, now, own !== undefined), expected: 0, answered: 0 };
    }),
  );
  return { items };
}

/** The owner's results: every member's aggregate, the flags, the comments and the applications. */
export async function readResults(
  db: Db,
  access: Access,
  evaluationId: string,
  now = new Date(),
): Promise<PeerEvaluationResults> {
  const row = await findEvaluation(db, access, evaluationId);
  const [members, ratings, responses, applications, items] = await Promise.all([
    loadEvaluationMembers(db, row.id),
    loadRatings(db, row.id),
    loadResponses(db, row.id),
    loadApplications(db, row.id),
    loadItems(db, access.workspace.id),
  ]);
  const math = computePeerResults(members, ratings, row.factorCap);
  const byId = new Map(math.members.map((m) => [m.memberId, m]));
  const answered = new Set(responses.map((r) => r.raterId));
  const nameOf = new Map(members.map((m) => [m.memberId, m.name]));
  const teamNumber = new Map(members.map((m) => [m.teamId, m.teamNumber]));
  return {
    evaluation: summary(row, now, null),
    members: members.map((member) => {
      const m = byId.get(member.memberId)!;
      return {
        memberId: member.memberId,
        name: member.name,
        teamId: member.teamId,
        teamNumber: member.teamNumber,
        hasAnswered: answered.has(member.memberId),
        byOthers: round(m.byOthers),
        bySelf: round(m.bySelf),
        byOthersPerDimension: {
          contributing: round(m.byOthersPerDimension.contributing),
          interacting: round(m.byOthersPerDimension.interacting),
          keepingOnTrack: round(m.byOthersPerDimension.keepingOnTrack),
          expectingQuality: round(m.byOthersPerDimension.expectingQuality),
          knowledge: round(m.byOthersPerDimension.knowledge),
        },
        raterCount: m.raterCount,
        factor: round(m.factor),
        flags: m.flags,
      };
    }),
    teams: math.teams.map((team) => ({
      teamId: team.teamId,
      teamNumber: teamNumber.get(team.teamId) ?? 0,
      average: round(team.average),
      spread: round(team.spread),
      isDisagreeing: team.isDisagreeing,
    })),
    comments: responses
      .filter((r) => r.comment.trim() !== '' && nameOf.has(r.raterId))
      .map((r) => ({ memberId: r.raterId, name: nameOf.get(r.raterId)!, comment: r.comment })),
    applications,
    items,
  };
}

/**
 * A member's view: the form (self first, then the teammates in the team now), their own answer,
 * and once released their own aggregate. Never anybody else's ratings or comments.
 */
export async function readForm(
  db: Db,
  access: Access,
  evaluationId: string,
  now = new Date(),
): Promise<PeerEvaluationForm> {
  refuseViewer(access);
  const row = await findEvaluation(db, access, evaluationId);
  requireOwnTeam(access, row);
  const memberId = access.memberId!;
  const [members, own] = await Promise.all([
    loadEvaluationMembers(db, row.id),
    loadOwnResponse(db, row.id, memberId),
  ]);
  const team = members.filter((m) => m.teamId === access.memberTeamId);
  const teammates = [
    ...team.filter((m) => m.memberId === memberId),
    ...team.filter((m) => m.memberId !== memberId),
  ].map((m) => ({ memberId: m.memberId, name: m.name, isSelf: m.memberId === memberId }));
  let result: PeerEvaluationForm['result'] = null;
  if (row.releasedAt !== null) {
    const math = computePeerResults(members, await loadRatings(db, row.id), row.factorCap);
    const me = math.members.find((m) => m.memberId === memberId);
    if (me) {
      result = {
        byOthers: round(me.byOthers),
        bySelf: round(me.bySelf),
        byOthersPerDimension: {
          contributing: round(me.byOthersPerDimension.contributing),
          interacting: round(me.byOthersPerDimension.interacting),
          keepingOnTrack: round(me.byOthersPerDimension.keepingOnTrack),
          expectingQuality: round(me.byOthersPerDimension.expectingQuality),
          knowledge: round(me.byOthersPerDimension.knowledge),
        },
        raterCount: me.raterCount,
        factor: round(me.factor),
      };
    }
  }
  return {
    evaluation: summary(row, now, own !== undefined),
    teammates,
    response: own ?? null,
    result,
  };
}

/** One evaluation: the owner's results, or a member's form (the route answers either). */
export async function readEvaluation(
  db: Db,
  access: Access,
  evaluationId: string,
  now = new Date(),
): Promise<
  { kind: 'results'; results: PeerEvaluationResults } | { kind: 'form'; form: PeerEvaluationForm }
> {
  if (access.role === 'owner') {
    return { kind: 'results', results: await readResults(db, access, evaluationId, now) };
  }
  return { kind: 'form', form: await readForm(db, access, evaluationId, now) };
}

/**
 * A member answers (or changes their answer) while the window is open: themselves and each
 * teammate in their team now, exactly once, nobody else.
 */
export async function answer(
  db: Db,
  access: Access,
  evaluationId: string,
  input: PeerResponseInput,
  now = new Date(),
): Promise<PeerEvaluationForm> {
  const row = await findEvaluation(db, access, evaluationId);
  if (access.memberTeamId === null || !row.teamIds.includes(access.memberTeamId)) {
    throw new AppError('peer_not_in_evaluation');
  }
  if (peerEvaluationState(row, now) !== 'open') throw new AppError('peer_evaluation_not_open');
  const memberId = access.memberId!;
  const teamId = access.memberTeamId;
  await db.transaction(async (tx) => {
    // The team as it is in this transaction: a member moved a moment ago is not rated here.
    const team = (await loadEvaluationMembers(tx, row.id)).filter((m) => m.teamId === teamId);
    const expected = new Set(team.map((m) => m.memberId));
    const given = input.ratings.map((r) => r.rateeMemberId);
    if (
      !expected.has(memberId) ||
      given.length !== expected.size ||
      given.some((id) => !expected.has(id))
    ) {
      throw new AppError('peer_ratings_incomplete', { field: 'ratings' });
    }
    await saveResponse(tx, {
      evaluationId: row.id,
      raterId: memberId,
      teamId,
      comment: input.comment ?? '',
      ratings: input.ratings,
    });
  });
  return readForm(db, access, evaluationId, now);
}

/** The owner changes the factor's cap. */
export async function changeCap(
  db: Db,
  access: Access,
  evaluationId: string,
  factorCap: number,
  now = new Date(),
): Promise<PeerEvaluationResults> {
  await findEvaluation(db, access, evaluationId);
  await setFactorCap(db, evaluationId, factorCap);
  return readResults(db, access, evaluationId, now);
}

/**
 * The owner releases the results: members then see their own aggregate. Each member with an
 * account is told once (the outbox, in the release's transaction).
 */
export async function release(
  db: Db,
  access: Access,
  evaluationId: string,
  now = new Date(),
): Promise<PeerEvaluationResults> {
  const row = await findEvaluation(db, access, evaluationId);
  await db.transaction(async (tx) => {
    if (!(await markReleased(tx, row.id))) return;
    const accounts = await evaluationAccounts(tx, row.id);
    await enqueueNotifications(
      tx,
      accounts.map((account) => ({
        key: `peer_evaluation_released:${row.id}:${account.memberId}`,
        userId: account.userId,
        type: 'peer_evaluation_released',
        title: `Peer evaluation results: ${row.title}`,
        message: `Your result of ${row.title} in ${access.workspace.title} is ready to see.`,
        data: {
          workspaceId: access.workspace.id,
          text: notificationText('peerResults', {
            evaluation: row.title,
            workspace: access.workspace.title,
          }),
        },
      })),
    );
  });
  return readResults(db, access, evaluationId, now);
}

/**
 * Reminds those who have not answered: once per person and evaluation (a claimed row, in the
 * transaction that enqueues the notification, so two instances never remind twice). The owner's
 * button reminds for one evaluation; the sweep for every evaluation ending within 24 hours.
 */
export async function remind(
  db: Db,
  options: { now?: Date; evaluationId?: string; withinHours?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await claimReminders(tx, { now: options.now ?? new Date(), ...options });
    await enqueueNotifications(
      tx,
      due.map((row) => ({
        key: `peer_evaluation_reminder:${row.evaluationId}:${row.memberId}`,
        userId: row.userId,
        type: 'peer_evaluation_reminder',
        title: `Peer evaluation to answer: ${row.title}`,
        message: `Please rate yourself and your teammates in ${row.title} before ${row.endsAt.slice(0, 16).replace('T', ' ')} UTC.`,
        data: {
          workspaceId: row.workspaceId,
          text: notificationText('peerToAnswer', { evaluation: row.title, endsAt: row.endsAt }),
        },
      })),
    );
    return due.length;
  });
}

/** The owner's reminder for one evaluation; returns how many were reminded. */
export async function remindNow(db: Db, access: Access, evaluationId: string, now = new Date()) {
  const row = await findEvaluation(db, access, evaluationId);
  if (peerEvaluationState(row, now) !== 'open') throw new AppError('peer_evaluation_not_open');
  return { reminded: await remind(db, { now, evaluationId: row.id }) };
}

/** The owner applies the evaluation's factor to an item's team grades, or takes it off. */
export async function setApplication(
  db: Db,
  access: Access,
  evaluationId: string,
  input: PeerApplicationInput,
  isApplied: boolean,
  now = new Date(),
): Promise<PeerEvaluationResults> {
  const row = await findEvaluation(db, access, evaluationId);
  if (!(await itemExists(db, access.workspace.id, input.itemKind, input.itemId))) {
    throw new AppError('peer_item_not_found', { field: 'itemId' });
  }
  if (isApplied) {
    await upsertApplication(db, {
      workspaceId: access.workspace.id,
      evaluationId: row.id,
      ...input,
    });
  } else {
    await deleteApplication(db, { evaluationId: row.id, ...input });
  }
  return readResults(db, access, evaluationId, now);
}
