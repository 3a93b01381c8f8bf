import {
  AppError,
  isDrawOfSeed,
  type SaveResultInput,
  snapshotProblems,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import type { CpuPool } from '../../workers/cpu-pool.ts';
import {
  deleteResult,
  findResult,
  insertResult,
  listResultSummaries,
} from './results.repository.ts';

type ResultRow = NonNullable<Awaited<ReturnType<typeof findResult>>>;

/** The full saved result, as its owner loads it back into /app. */
export function presentResult(row: ResultRow) {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    snapshot: row.snapshot,
  };
}

/**
 * Refuses a snapshot that is not a faithful shuffle: nobody dropped or doubled, constraints kept,
 * and the groups exactly what the engine draws from the same members, constraints and seed
 * (the seed is saved so a draw can be replayed and checked). A balanced shuffle is replayed with
 * its attributes, what it was balanced for and its search steps (issue 15), in a worker thread:
 * for 1,000 members the search takes a tenth of a second or more, which the event loop must not
 * wait for (issue 22). A plain draw is linear (under a millisecond for 1,000) and stays here.
 */
export async function assertFaithfulSnapshot(cpu: CpuPool, input: SaveResultInput['snapshot']) {
  const problems = snapshotProblems(input);
  if (problems.length > 0) {
    throw new AppError('rule_broken', {
      message: `This result cannot be saved: ${problems[0]}.`,
      field: 'snapshot',
    });
  }
  const isDrawn = input.balance ? await cpu.run('isDrawOfSeed', input) : isDrawOfSeed(input);
  if (!isDrawn) {
    throw new AppError('rule_broken', {
      message: 'This result cannot be saved: its teams are not the draw of its seed.',
      field: 'snapshot',
    });
  }
}

/** The user's saved results, newest first. */
export async function listResults(db: Db, userId: string) {
  const rows = await listResultSummaries(db, userId);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** One of the user's results; someone else's answers exactly like a missing one. */
export async function getResult(db: Db, userId: string, resultId: string) {
  const row = await findResult(db, userId, resultId);
  if (!row) throw new AppError('not_found', { message: 'Result not found' });
  return presentResult(row);
}

/** Save Result: checks the snapshot, then stores it under a title unique for the user. */
export async function saveResult(db: Db, cpu: CpuPool, userId: string, input: SaveResultInput) {
  await assertFaithfulSnapshot(cpu, input.snapshot);
  return presentResult(await insertResult(db, userId, input.title, input.snapshot));
}

/** Deletes one of the user's results. */
export async function removeResult(db: Db, userId: string, resultId: string) {
  if (!(await deleteResult(db, userId, resultId)))
    throw new AppError('not_found', { message: 'Result not found' });
}
