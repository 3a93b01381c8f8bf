import {
  AppError,
  categoryOf,
  DEFAULT_GRADEBOOK_WEIGHTS,
  gradeFromPercent,
  gradeTotals,
  itemLabel,
  type LatePenaltyView,
  latePenaltyOf,
  roundTo,
  scoreAverages,
  toCsv,
  type Gradebook,
  type GradebookCell,
  type GradebookFlag,
  type GradebookItem,
  type GradebookItemKind,
  type GradebookRow,
  type GradeOverrideKey,
  type MyGrades,
  type TeamScores,
} from '@teamshuffle/domain';
import type { SessionUser } from '../../plugins/auth.ts';
import { type PeerFactor, peerFactors } from '../peer-evaluation/peer-evaluation.repository.ts';
import type { Db } from '../../plugins/database.ts';
import { VersionedCache } from '../../db/versioned-cache.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import type { SectionVersion } from '../workspace-access/workspace-access.repository.ts';
import {
  deleteOverride,
  type GradebookFacts,
  itemExists,
  loadGradebookFacts,
  memberExists,
  saveWeights,
  upsertOverride,
} from './gradebook.repository.ts';

/**
 * The gradebook as the owner sees it, plus what is never sent as its JSON: the e-mails the CSV
 * needs, and the items (by index) whose team grades a peer evaluation not yet released adjusts
 * (My grades shows those unadjusted until the release: a student cannot read their peer rating
 * out of a grade before the owner releases it).
 */
export type GradebookModel = Gradebook & {
  emails: ReadonlyMap<string, string | null>;
  unreleasedAdjustments: ReadonlySet<number>;
};

const isTeamItem = (kind: GradebookItemKind) => kind === 'assignment' || kind === 'team_task';

/** A team's or member's work with its late penalty taken off (decision 0030). */
type Penalised = { latePenalty?: LatePenaltyView | null };
export type PenalisedFacts = Omit<GradebookFacts, 'teamWork' | 'ownWork'> & {
  teamWork: Array<GradebookFacts['teamWork'][number] & Penalised>;
  ownWork: Array<GradebookFacts['ownWork'][number] & Penalised>;
};

/**
 * The facts with late penalties applied (decision 0030): a graded hand-in after its team's (or
 * member's) own deadline plus the grace, on an item that takes a penalty, counts its grade less
 * the penalty (never below the floor), the original kept. Team Scores, the gradebook, My grades
 * and the CSV all read these.
 */
export function withLatePenalties(facts: GradebookFacts): PenalisedFacts {
  const itemOf = new Map(facts.items.map((item) => [item.id, item]));
  const extensionOf = new Map(
    facts.extensions.map((ext) => [`${ext.itemId}:${ext.teamId ?? ext.memberId}`, ext.dueAt]),
  );
  const penalise = <W extends { itemId: string; score: number | null }>(
    work: W,
    holderId: string,
    submittedAt: string | null,
  ): W & Penalised => {
    const item = itemOf.get(work.itemId);
    if (!item || item.latePolicy !== 'penalty' || submittedAt === null) return work;
    const { score, penalty } = latePenaltyOf({
      rule: item,
      deadline: item.dueAt,
      extensionDueAt: extensionOf.get(`${work.itemId}:${holderId}`) ?? null,
      submittedAt,
      score: work.score,
    });
    return penalty === null ? work : { ...work, score, latePenalty: penalty };
  };
  return {
    ...facts,
    teamWork: facts.teamWork.map((work) =>
      work.isNoSubmission ? work : penalise(work, work.teamId, work.submittedAt),
    ),
    ownWork: facts.ownWork.map((work) => penalise(work, work.memberId, work.submittedAt)),
  };
}

/**
 * Builds the gradebook from the facts (pure; decision 0024). A team item's grade reaches each
 * member who was in the team when the work was handed in (or, for "no submission", graded); an
 * override replaces it for one member; an individual task's grade is the member's own. A cell is
 * missing when its deadline passed (`now`) with nothing handed in by the member's team (or them).
 */
export function buildGradebook(
  facts: PenalisedFacts,
  now: Date,
  peer: readonly PeerFactor[] = [],
): GradebookModel {
  const counters: Record<GradebookItemKind, number> = {
    assignment: 0,
    team_task: 0,
    individual_task: 0,
    peer: 0,
  };
  const released = new Set(
    peer.filter((factor) => factor.releasedAt !== null).map((factor) => factor.evaluationId),
  );
  const factorOf = new Map(
    peer.map((factor) => [`${factor.evaluationId}:${factor.memberId}`, factor]),
  );
  const appliedBy = new Map(
    facts.applications.map((applied) => [
      `${applied.itemKind}:${applied.itemId}`,
      applied.evaluationId,
    ]),
  );
  // Labels number each kind in creation order (A1 is the first assignment, as on its card).
  const numbers = new Map<string, number>();
  for (const item of [...facts.items].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
  )) {
    numbers.set(item.id, ++counters[item.kind]);
  }
  const items: GradebookItem[] = facts.items.map((item) => ({
    kind: item.kind,
    id: item.id,
    label: itemLabel(item.kind, numbers.get(item.id) ?? 0),
    title: item.title,
    category: categoryOf(item.kind),
    dueAt: item.dueAt === null ? null : new Date(item.dueAt).toISOString(),
    isReleased: item.kind !== 'peer' || released.has(item.id),
  }));
  const teamNumber = new Map(facts.teams.map((team) => [team.id, team.number]));
  const periodsOf = groupBy(facts.periods, (period) => period.memberId);
  const workOf = groupBy(facts.teamWork, (work) => work.itemId);
  const ownOf = new Map(facts.ownWork.map((work) => [`${work.itemId}:${work.memberId}`, work]));
  const overrideOf = new Map(
    facts.overrides.map((item) => [`${item.itemKind}:${item.itemId}:${item.memberId}`, item]),
  );
  const weights = facts.weights ?? DEFAULT_GRADEBOOK_WEIGHTS;
  const nowMs = now.getTime();
  // A team's or member's own deadline (an extension, decision 0030): missing only after it.
  const extensionOf = new Map(
    facts.extensions.map((ext) => [`${ext.itemId}:${ext.teamId ?? ext.memberId}`, ext.dueAt]),
  );

  const members = [...facts.members].sort(
    (a, b) =>
      (a.teamId === null ? Infinity : (teamNumber.get(a.teamId) ?? Infinity)) -
        (b.teamId === null ? Infinity : (teamNumber.get(b.teamId) ?? Infinity)) ||
      a.position - b.position,
  );
  const rows: GradebookRow[] = members.map((member) => {
    const periods = periodsOf.get(member.id) ?? [];
    const wasIn = (teamId: string, at: string) => {
      const t = Date.parse(at);
      return periods.some(
        (period) =>
          period.teamId === teamId &&
          Date.parse(period.from) <= t &&
          (period.to === null || t < Date.parse(period.to)),
      );
    };
    const cells = items.map((item): GradebookCell => {
      const flags: GradebookFlag[] = [];
      let gradedScore: number | null = null;
      let feedback = '';
      let forTeam: number | null = null;
      let handedIn = false;
      let latePenalty: LatePenaltyView | null = null;
      if (isTeamItem(item.kind)) {
        const works = workOf.get(item.id) ?? [];
        // The team the work was handed in under (decision 0019); the latest when two.
        const work = works
          .filter((candidate) => wasIn(candidate.teamId, candidate.at))
          .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
        // A member who joined the team after the hand-in has none of its grade.
        if (work) {
          gradedScore = work.score;
          feedback = work.feedback ?? '';
          forTeam = teamNumber.get(work.teamId) ?? null;
          handedIn = !work.isNoSubmission;
          latePenalty = work.latePenalty ?? null;
          if (work.isLate) flags.push('late');
          if (work.isNoSubmission) flags.push('missing');
        } else if (member.teamId !== null) {
          forTeam = teamNumber.get(member.teamId) ?? null;
          handedIn = works.some((candidate) => candidate.teamId === member.teamId);
        }
      } else if (item.kind === 'peer') {
        // The member's average rating by others (1-5) as a percent of 5.
        const factor = factorOf.get(`${item.id}:${member.id}`);
        if (factor?.byOthers != null) {
          gradedScore = roundTo((factor.byOthers / 5) * 100, 2);
          handedIn = true;
        } else if (!factor) {
          handedIn = true; // not in an evaluated team: nothing is missing
        }
        forTeam = factor ? (teamNumber.get(factor.teamId) ?? null) : null;
      } else {
        const own = ownOf.get(`${item.id}:${member.id}`);
        if (own) {
          gradedScore = own.score;
          feedback = own.feedback ?? '';
          handedIn = true;
          latePenalty = own.latePenalty ?? null;
          if (own.isLate) flags.push('late');
        }
        forTeam = member.teamId === null ? null : (teamNumber.get(member.teamId) ?? null);
      }
      const holderId = item.kind === 'individual_task' ? member.id : member.teamId;
      const dueAt =
        (holderId === null ? undefined : extensionOf.get(`${item.id}:${holderId}`)) ?? item.dueAt;
      if (!handedIn && !flags.includes('missing') && dueAt !== null && Date.parse(dueAt) <= nowMs) {
        flags.push('missing');
      }
      let score = gradedScore;
      const evaluationId = appliedBy.get(`${item.kind}:${item.id}`);
      const factor =
        evaluationId === undefined ? undefined : factorOf.get(`${evaluationId}:${member.id}`);
      if (score !== null && factor?.factor != null) {
        score = Math.min(100, roundTo(score * factor.factor, 2));
        flags.push('peer_adjusted');
      }
      const override = overrideOf.get(`${item.kind}:${item.id}:${member.id}`);
      if (override) {
        flags.push('overridden');
        if (override.isExcused) {
          flags.push('excused');
          score = null;
        } else {
          score = override.score;
        }
      }
      return {
        score,
        gradedScore,
        feedback,
        teamNumber: forTeam,
        flags,
        overrideReason: override?.reason ?? null,
        ...(latePenalty === null ? {} : { latePenalty }),
      };
    });
    const totals = gradeTotals(
      cells.map((cell, index) => ({
        category: items[index]!.category,
        score: cell.score,
        isExcused: cell.flags.includes('excused'),
      })),
      weights,
    );
    return {
      memberId: member.id,
      name: member.name,
      teamId: member.teamId,
      teamNumber: member.teamId === null ? null : (teamNumber.get(member.teamId) ?? null),
      cells,
      totals: {
        ...totals,
        letter: letterOf(totals.finalPercent),
      },
    };
  });
  return {
    items,
    teams: facts.teams.map((team) => ({ teamId: team.id, teamNumber: team.number })),
    rows,
    weights,
    isDefaultWeights: facts.weights === null,
    emails: new Map(facts.members.map((member) => [member.id, member.email])),
    unreleasedAdjustments: new Set(
      items.flatMap((item, index) => {
        const evaluationId = appliedBy.get(`${item.kind}:${item.id}`);
        return evaluationId !== undefined && !released.has(evaluationId) ? [index] : [];
      }),
    ),
  };
}

/** A cell as its member sees it before the adjusting peer evaluation is released. */
function withoutPeerAdjustment(cell: GradebookCell): GradebookCell {
  if (!cell.flags.includes('peer_adjusted')) return cell;
  const isOverridden = cell.flags.includes('overridden');
  return {
    ...cell,
    score: isOverridden ? cell.score : cell.gradedScore,
    flags: cell.flags.filter((flag) => flag !== 'peer_adjusted'),
  };
}

function letterOf(percent: number | null) {
  return percent === null ? null : gradeFromPercent(percent).grade;
}

function groupBy<T>(values: readonly T[], key: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const k = key(value);
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

/**
 * Team Scores from the gradebook (issue 25: the same data): per team and item, the team's grade
 * on team items (the work its team handed in), the average of its members' grades on individual
 * tasks; the two averages over every graded item, as before (spec part 2, section 7).
 */
export function teamScoresOf(model: GradebookModel, facts: PenalisedFacts): TeamScores {
  const leaders = new Map(facts.teams.map((team) => [team.id, team.leaderName]));
  const gradeOf = new Map(
    facts.teamWork.map((work) => [`${work.itemId}:${work.teamId}`, work.score]),
  );
  return {
    teams: model.teams.map((team) => {
      const members = model.rows.filter((row) => row.teamId === team.teamId);
      const scores = model.items.map((item, index) => {
        let score: number | null;
        if (isTeamItem(item.kind)) {
          score = gradeOf.get(`${item.id}:${team.teamId}`) ?? null;
        } else {
          const given = members
            .map((row) => row.cells[index]!.score)
            .filter((value): value is number => value !== null);
          score = scoreAverages(given).averageEvaluated;
        }
        return { assignmentId: item.id, number: index + 1, title: item.title, score };
      });
      const averages = scoreAverages(scores.map((item) => item.score));
      return {
        teamId: team.teamId,
        teamNumber: team.teamNumber,
        leaderName: leaders.get(team.teamId) ?? null,
        totalAssignments: scores.length,
        evaluatedAssignments: averages.evaluated,
        averageEvaluated: averages.averageEvaluated,
        averageWithMissing: averages.averageWithMissing,
        scores,
      };
    }),
  };
}

/**
 * The grade sheet (issue 12, issue 25): one row per member (name, e-mail, team), a column per
 * graded item with the grade that counts, the category averages, the final percentage and letter,
 * and the team's two averages as before. Text cells are made safe from formulas (domain toCsv).
 */
export function gradebookCsv(model: GradebookModel, scores: TeamScores): string {
  const byTeam = new Map(scores.teams.map((team) => [team.teamId, team]));
  const header = [
    'name',
    'email',
    'team',
    ...model.items.map((item) => `${item.label}: ${item.title}`),
    'assignments %',
    'tasks %',
    'peer evaluation %',
    'final %',
    'letter',
    'team average (evaluated)',
    'team average (missing = 0)',
  ];
  const lines = model.rows.map((row) => {
    const team = row.teamId === null ? undefined : byTeam.get(row.teamId);
    return [
      row.name,
      model.emails.get(row.memberId) ?? '',
      row.teamNumber === null ? '' : `Team ${row.teamNumber}`,
      ...row.cells.map((cell) => (cell.flags.includes('excused') ? 'excused' : cell.score)),
      row.totals.categories.assignments,
      row.totals.categories.tasks,
      row.totals.categories.peer,
      row.totals.finalPercent,
      row.totals.letter ?? '',
      team?.averageEvaluated ?? null,
      team?.averageWithMissing ?? null,
    ];
  });
  return toCsv([header, ...lines]);
}

/** One cached entry per workspace: the model, its JSON bytes and Team Scores' bytes. */
type CachedGradebook = {
  version: SectionVersion & { deadlines: number };
  model: GradebookModel;
  scores: TeamScores;
  body: Buffer;
  scoresBody: Buffer;
};

/**
 * The gradebooks of this instance, checked against the version each request reads (decision
 * 0003). "Missing" depends on the clock: the version carries how many deadlines had passed when
 * it was built, so a deadline passing makes the next request build it again.
 */
export class GradebookCache extends VersionedCache<
  SectionVersion & { deadlines: number },
  CachedGradebook
> {
  readonly deadlines = new Map<string, number[]>();
  constructor(maxBytes?: number) {
    super((entry) => entry.body.byteLength * 2 + entry.scoresBody.byteLength, maxBytes);
  }
}

function passed(deadlines: readonly number[] | undefined, now: number): number {
  return deadlines === undefined ? 0 : deadlines.filter((at) => at <= now).length;
}

/** The gradebook of a workspace: from the cache when nothing changed since it was built. */
export async function gradebookOf(
  db: Db,
  cache: GradebookCache,
  access: Access,
): Promise<CachedGradebook> {
  const workspaceId = access.workspace.id;
  const now = Date.now();
  return cache.get(
    workspaceId,
    { ...access.sectionVersion, deadlines: passed(cache.deadlines.get(workspaceId), now) },
    async () => {
      const [loaded, peer] = await Promise.all([
        loadGradebookFacts(db, workspaceId),
        peerFactors(db, workspaceId),
      ]);
      const facts = withLatePenalties(loaded);
      const deadlines = [
        ...facts.items.filter((item) => item.dueAt !== null).map((item) => Date.parse(item.dueAt!)),
        ...facts.extensions.map((ext) => Date.parse(ext.dueAt)),
      ];
      cache.deadlines.set(workspaceId, deadlines);
      const model = buildGradebook(facts, new Date(now), peer);
      const scores = teamScoresOf(model, facts);
      const { emails: _emails, unreleasedAdjustments: _unreleased, ...shown } = model;
      return {
        version: { ...facts.version, deadlines: passed(deadlines, now) },
        model,
        scores,
        body: Buffer.from(JSON.stringify(shown)),
        scoresBody: Buffer.from(JSON.stringify(scores)),
      };
    },
  );
}

/** My grades (a member): the caller's own row only, never another's. */
export async function myGradesOf(db: Db, cache: GradebookCache, access: Access): Promise<MyGrades> {
  if (access.memberId === null) throw new AppError('gradebook_not_on_roster');
  const { model } = await gradebookOf(db, cache, access);
  const row = model.rows.find((candidate) => candidate.memberId === access.memberId);
  if (!row) throw new AppError('gradebook_not_on_roster');
  // A peer evaluation the owner has not released is not shown (issue 25).
  const shown = model.items.flatMap((item, index) => (item.isReleased ? [index] : []));
  const cells = shown.map((index) =>
    model.unreleasedAdjustments.has(index)
      ? withoutPeerAdjustment(row.cells[index]!)
      : row.cells[index]!,
  );
  const totals = gradeTotals(
    cells.map((cell, index) => ({
      category: model.items[shown[index]!]!.category,
      score: cell.score,
      isExcused: cell.flags.includes('excused'),
    })),
    model.weights,
  );
  return {
    items: shown.map((index) => model.items[index]!),
    row: { ...row, cells, totals: { ...totals, letter: letterOf(totals.finalPercent) } },
    weights: model.weights,
  };
}

/** Overrides one member's grade on one item, with a reason (owner). */
export async function overrideGrade(
  db: Db,
  access: Access,
  user: SessionUser,
  input: GradeOverrideKey & { score: number | null; isExcused: boolean; reason: string },
): Promise<void> {
  const workspaceId = access.workspace.id;
  if (!(await memberExists(db, workspaceId, input.memberId))) {
    throw new AppError('gradebook_member_not_found');
  }
  if (!(await itemExists(db, workspaceId, input.itemKind, input.itemId))) {
    throw new AppError('gradebook_item_not_found');
  }
  await upsertOverride(db, {
    workspaceId,
    memberId: input.memberId,
    itemKind: input.itemKind,
    itemId: input.itemId,
    score: input.isExcused ? null : input.score,
    isExcused: input.isExcused,
    reason: input.reason,
    createdBy: user.id,
  });
}

/** Removes an override (owner): the member gets the graded score again. */
export async function removeOverride(db: Db, access: Access, key: GradeOverrideKey) {
  if (!(await deleteOverride(db, access.workspace.id, key))) {
    throw new AppError('gradebook_item_not_found');
  }
}

/** Saves the category weights (owner). */
export async function changeWeights(
  db: Db,
  access: Access,
  weights: { assignments: number; tasks: number; peer: number },
) {
  await saveWeights(db, access.workspace.id, weights);
}
