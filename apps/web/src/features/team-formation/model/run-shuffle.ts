import { balanceReportOf, formTeams, isAppError } from '@teamshuffle/domain';
import type {
  BalanceReport,
  BalanceTeamsInput,
  BalanceTeamsResult,
  ErrorId,
  FormTeamsResult,
} from '@teamshuffle/domain';
import { balanceOptionsOf } from './balance';
import type { Draft, ShuffleOutcome } from './draft';
import type { SavedResultForDraft } from './draft-storage';

/** Why a shuffle could not be made: the engine's error id (or 'unknown') and its message. */
export type ShuffleFailure = { id: ErrorId | 'unknown'; message: string };

export type ShuffleAttempt =
  | { ok: true; outcome: ShuffleOutcome; result: FormTeamsResult }
  | { ok: false; failure: ShuffleFailure };

type ConstraintSource = {
  members: readonly { id: string; name: string }[];
  fixedPairs: readonly { id: string; memberIds: readonly string[] }[];
  lockedTeams: readonly { id: string; memberIds: readonly string[] }[];
  keepApart: readonly { id: string; memberIds: readonly string[] }[];
};

function inputOf(draft: ConstraintSource) {
  return {
    members: draft.members,
    fixedPairs: draft.fixedPairs,
    lockedTeams: draft.lockedTeams,
    keepApart: draft.keepApart,
  };
}

/**
 * Forms the draft's teams with the shared engine (it is pure, so it runs in the browser). The
 * engine refuses infeasible input with an AppError, e.g. 'Cannot create 5 teams with only 3
 * members. ...'; that comes back as a failure, never as a throw.
 */
export function runShuffle(draft: Draft, seed: string): ShuffleAttempt {
  try {
    const result = formTeams({ ...inputOf(draft), teamCount: draft.teamCount, seed });
    const outcome: ShuffleOutcome = {
      groups: result.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
      seed: result.seed,
      unevenReason: result.report.isEven ? null : result.report.unevenReason,
      savedAs: null,
    };
    return { ok: true, outcome, result };
  } catch (error) {
    if (isAppError(error)) return { ok: false, failure: { id: error.id, message: error.message } };
    return {
      ok: false,
      failure: { id: 'unknown', message: error instanceof Error ? error.message : String(error) },
    };
  }
}

/** What the balancing worker gets for the draft: members with attributes, constraints, options. */
export function balanceInputOf(draft: Draft, seed: string): BalanceTeamsInput {
  return {
    ...inputOf(draft),
    teamCount: draft.teamCount,
    seed,
    attributes: draft.attributes,
    balance: balanceOptionsOf(draft.balance),
  };
}

/** The outcome of a balanced shuffle of `draft` (the draft the search was started for). */
export function balancedOutcome(
  draft: Draft,
  result: BalanceTeamsResult,
  isCut: boolean,
): ShuffleOutcome {
  return {
    groups: result.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
    seed: result.seed,
    unevenReason: result.report.isEven ? null : result.report.unevenReason,
    savedAs: null,
    balance: {
      settings: { ...balanceOptionsOf(draft.balance), steps: result.balance.steps },
      isCut,
    },
  };
}

/**
 * The balance report of a balanced outcome (each objective against the plain draw of the same
 * seed), recomputed from the draft; null for a plain outcome or one that no longer replays.
 */
export function outcomeReport(draft: Draft, outcome: ShuffleOutcome): BalanceReport | null {
  const balance = outcome.balance;
  if (!balance) return null;
  try {
    return balanceReportOf(
      {
        ...inputOf(draft),
        teamCount: outcome.groups.length,
        seed: outcome.seed,
        attributes: draft.attributes,
        balance: balance.settings,
      },
      outcome.groups.map((group) => group.memberIds),
      balance.settings.steps,
      balance.isCut ? 'steps' : 'converged',
    );
  } catch {
    return null;
  }
}

/**
 * The engine's reason for uneven sizes of a saved result, found by replaying its seed; null when
 * the sizes are even or the replay does not give the same teams (a result from another version).
 */
export function replayUnevenReason(result: SavedResultForDraft): string | null {
  const { snapshot } = result;
  const sizes = snapshot.groups.map((group) => group.memberIds.length);
  if (sizes.length === 0 || Math.max(...sizes) - Math.min(...sizes) <= 1) return null;
  // Moved by hand (issue 24): the sizes are the teacher's, not the engine's.
  if (snapshot.isHandAdjusted) return null;
  try {
    const replay = formTeams({
      ...inputOf(snapshot),
      teamCount: snapshot.groups.length,
      seed: snapshot.seed,
    });
    // A balanced result moved members between teams: the sizes (not the teams) are the draw's.
    const sizesOf = (teams: readonly { memberIds: readonly string[] }[]) =>
      teams.map((team) => team.memberIds.length).sort((a, b) => a - b);
    const same = snapshot.balance
      ? sizesOf(replay.teams).join() === sizesOf(snapshot.groups).join()
      : replay.teams.every((team, index) => {
          const saved = snapshot.groups[index];
          return (
            saved !== undefined &&
            saved.memberIds.length === team.memberIds.length &&
            saved.memberIds.every((id, position) => team.memberIds[position] === id)
          );
        });
    return same ? replay.report.unevenReason : null;
  } catch {
    return null;
  }
}
