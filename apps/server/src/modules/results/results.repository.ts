import { AppError, type ShuffleSnapshot } from '@teamshuffle/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../plugins/database.ts';
import { savedResults } from './results.table.ts';

/** What one card of /results shows, counted in the database (the list never ships snapshots). */
export async function listResultSummaries(db: Db, userId: string) {
  return db
    .select({
      id: savedResults.id,
      title: savedResults.title,
      createdAt: savedResults.createdAt,
      membersCount: sql<number>`jsonb_array_length(${savedResults.snapshot}->'members')`,
      teamsCount: sql<number>`jsonb_array_length(${savedResults.snapshot}->'groups')`,
      groupSize: sql<number>`(${savedResults.snapshot}->>'groupSize')::int`,
      fixedPairsCount: sql<number>`jsonb_array_length(coalesce(${savedResults.snapshot}->'fixedPairs', '[]'::jsonb))`,
      lockedTeamsCount: sql<number>`jsonb_array_length(coalesce(${savedResults.snapshot}->'lockedTeams', '[]'::jsonb))`,
      keepApartCount: sql<number>`jsonb_array_length(coalesce(${savedResults.snapshot}->'keepApart', '[]'::jsonb))`,
    })
    .from(savedResults)
    .where(eq(savedResults.userId, userId))
    .orderBy(desc(savedResults.createdAt), desc(savedResults.id));
}

/** One of the user's results, or undefined (also when it is someone else's). */
export async function findResult(db: Db, userId: string, resultId: string) {
  const [row] = await db
    .select()
    .from(savedResults)
    .where(and(eq(savedResults.id, resultId), eq(savedResults.userId, userId)));
  return row;
}

/**
 * Stores a result; a title the user already has (any case, any surrounding spaces) is refused.
 * The snapshot is not read back: it is what was just written, and for 1,000 members the database
 * would turn 200 kB of jsonb back into text for the event loop to parse again (issue 22).
 */
export async function insertResult(
  db: Db,
  userId: string,
  title: string,
  snapshot: ShuffleSnapshot,
) {
  try {
    const [row] = await db.insert(savedResults).values({ userId, title, snapshot }).returning({
      id: savedResults.id,
      userId: savedResults.userId,
      title: savedResults.title,
      createdAt: savedResults.createdAt,
    });
    if (!row) throw new Error('insert returned no row');
    return { ...row, snapshot };
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
