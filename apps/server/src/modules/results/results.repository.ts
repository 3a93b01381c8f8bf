import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { AppError, type ShuffleSnapshot } from '@teamshuffle/domain';
import { and, desc, eq } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../plugins/database.ts';
import { type PackedSnapshot, SNAPSHOT_GZIP_LEVEL, snapshotCounts } from './results.pack.ts';
import { savedResults } from './results.table.ts';

const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/** What one card of /results shows, counted when saved (the list never ships snapshots). */
export async function listResultSummaries(db: Db, userId: string) {
  return db
    .select({
      id: savedResults.id,
      title: savedResults.title,
      createdAt: savedResults.createdAt,
      membersCount: savedResults.membersCount,
      teamsCount: savedResults.teamsCount,
      groupSize: savedResults.groupSize,
      fixedPairsCount: savedResults.fixedPairsCount,
      lockedTeamsCount: savedResults.lockedTeamsCount,
      keepApartCount: savedResults.keepApartCount,
    })
    .from(savedResults)
    .where(eq(savedResults.userId, userId))
    .orderBy(desc(savedResults.createdAt), desc(savedResults.id));
}

/**
 * The snapshot as stored (results.pack.ts): gzipped JSON, made in libuv's thread pool (decision
 * 0022); only its JSON text is made on the event loop (under a millisecond for 1,000 members).
 */
export async function packSnapshot(snapshot: ShuffleSnapshot): Promise<PackedSnapshot> {
  return {
    snapshotGz: await gzipped(JSON.stringify(snapshot), { level: SNAPSHOT_GZIP_LEVEL }),
    ...snapshotCounts(snapshot),
  };
}

/** A stored snapshot read back: the gzipped one, or the jsonb of a result saved before 0030. */
async function unpackSnapshot(row: {
  snapshot: ShuffleSnapshot | null;
  snapshotGz: Buffer | null;
}): Promise<ShuffleSnapshot> {
  if (row.snapshotGz) {
    return JSON.parse((await gunzipped(row.snapshotGz)).toString('utf8')) as ShuffleSnapshot;
  }
  if (row.snapshot) return row.snapshot;
  throw new Error('a saved result without its snapshot');
}

/** One of the user's results, or undefined (also when it is someone else's). */
export async function findResult(db: Db, userId: string, resultId: string) {
  const [row] = await db
    .select({
      id: savedResults.id,
      userId: savedResults.userId,
      title: savedResults.title,
      createdAt: savedResults.createdAt,
      snapshot: savedResults.snapshot,
      snapshotGz: savedResults.snapshotGz,
    })
    .from(savedResults)
    .where(and(eq(savedResults.id, resultId), eq(savedResults.userId, userId)));
  if (!row) return undefined;
  const { snapshotGz: _stored, ...rest } = row;
  return { ...rest, snapshot: await unpackSnapshot(row) };
}

/**
 * Stores a result; a title the user already has (any case, any surrounding spaces) is refused.
 * The snapshot is not read back: it is what was just written (issue 22).
 */
export async function insertResult(
  db: Db,
  userId: string,
  title: string,
  snapshot: ShuffleSnapshot,
  // Packed before the transaction where the caller can: on PGlite an open transaction holds the
  // one connection while the thread pool gzips.
  packed?: PackedSnapshot,
) {
  const row = await insertPackedResult(db, userId, title, packed ?? (await packSnapshot(snapshot)));
  return { ...row, snapshot };
}

/** Stores a result packed already (results.check.ts packs it in the CPU worker); its row. */
export async function insertPackedResult(
  db: Db,
  userId: string,
  title: string,
  packed: PackedSnapshot,
) {
  try {
    const [row] = await db
      .insert(savedResults)
      .values({ userId, title, ...packed })
      .returning({
        id: savedResults.id,
        userId: savedResults.userId,
        title: savedResults.title,
        createdAt: savedResults.createdAt,
      });
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (uniqueViolation(error) === 'saved_results_user_title_key') {
      throw new AppError('duplicate_result_title', { field: 'title' });
    }
    throw error;
  }
}

/** Deletes one of the user's results; false when there was none to delete. */
export async function deleteResult(db: Db, userId: string, resultId: string): Promise<boolean> {
  const deleted = await db
    .delete(savedResults)
    .where(and(eq(savedResults.id, resultId), eq(savedResults.userId, userId)))
    .returning({ id: savedResults.id });
  return deleted.length === 1;
}
