// The server's check of a saved result (issue 15): its groups must be what the engine draws again
// from the same members, constraints and seed, balanced with the same settings and search steps.
// Pure and self-contained, so the server can run it in a worker thread (issue 22).
import {
  type SaveResultInput,
  saveResultInput,
  type ShuffleSnapshot,
  snapshotProblems,
} from '../../results.ts';
import { formTeams } from '../engine.ts';
import { balanceTeams } from './balance.ts';

/**
 * Whether a snapshot's groups are exactly the draw of its seed: `formTeams`, or `balanceTeams`
 * for its steps when it was balanced. Throws the engine's refusal for an input it cannot draw.
 */
export function isDrawOfSeed(snapshot: ShuffleSnapshot): boolean {
  const plainInput = {
    members: snapshot.members,
    teamCount: snapshot.groupSize,
    fixedPairs: snapshot.fixedPairs,
    lockedTeams: snapshot.lockedTeams,
    keepApart: snapshot.keepApart,
    seed: snapshot.seed,
  };
  const { balance } = snapshot;
  const replay = balance
    ? balanceTeams({
        ...plainInput,
        attributes: snapshot.attributes ?? [],
        balance,
        maxSteps: balance.steps,
      })
    : formTeams(plainInput);
  const drawn = JSON.stringify(
    replay.teams.map((team) => [team.number, [...team.memberIds].sort()]),
  );
  const saved = JSON.stringify(
    snapshot.groups.map((group) => [group.number, [...group.memberIds].sort()]),
  );
  return drawn === saved;
}

/** What `checkSaveResult` finds, as plain data (it may cross a thread). */
export type SaveResultCheck =
  | { kind: 'invalid' }
  | { kind: 'problem'; problem: string }
  | { kind: 'checked'; input: SaveResultInput; isDrawn: boolean };

/**
 * Whether a snapshot's groups may be saved as they are: the draw of its seed, or teams the user
 * adjusted by hand after the draw (issue 24), which are saved as such without a replay.
 */
export function isFaithfulArrangement(snapshot: ShuffleSnapshot): boolean {
  return snapshot.isHandAdjusted === true || isDrawOfSeed(snapshot);
}

/**
 * The whole check of a Save Result body: `saveResultInput`, then the snapshot's first problem,
 * then whether its groups are the draw of its seed (or adjusted by hand). Throws the engine's
 * refusal.
 */
export function checkSaveResult(body: unknown): SaveResultCheck {
  const parsed = saveResultInput.safeParse(body);
  if (!parsed.success) return { kind: 'invalid' };
  const [problem] = snapshotProblems(parsed.data.snapshot);
  if (problem !== undefined) return { kind: 'problem', problem };
  return {
    kind: 'checked',
    input: parsed.data,
    isDrawn: isFaithfulArrangement(parsed.data.snapshot),
  };
}
