// How a saved result's snapshot is stored (decision 0022): gzipped JSON, with the figures the
// list shows kept as columns beside it. Pure, so the CPU worker can pack a snapshot too
// (results.check.ts).
import type { ShuffleSnapshot } from '@teamshuffle/domain';

/** gzip's level for a stored snapshot: about as small as 9 for a fraction of the time. */
export const SNAPSHOT_GZIP_LEVEL = 6;

/** What one card of /results shows, counted when the result is saved. */
export function snapshotCounts(snapshot: ShuffleSnapshot) {
  return {
    membersCount: snapshot.members.length,
    teamsCount: snapshot.groups.length,
    groupSize: snapshot.groupSize,
    fixedPairsCount: snapshot.fixedPairs.length,
    lockedTeamsCount: snapshot.lockedTeams.length,
    keepApartCount: snapshot.keepApart.length,
  };
}

/** A snapshot as stored: its gzipped JSON and its counts. */
export type PackedSnapshot = ReturnType<typeof snapshotCounts> & { snapshotGz: Buffer };
