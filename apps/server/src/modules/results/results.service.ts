import {
  AppError,
  isDrawOfSeed,
  type SavedResult,
  type SaveResultInput,
  sharedEmailError,
  snapshotProblems,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import { asBuffer } from '../../workers/bytes.ts';
import type { CpuPool } from '../../workers/cpu-pool.ts';
import type { SaveCheck } from './results.check.ts';
import {
  deleteResult,
  findResult,
  insertPackedResult,
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

function cannotBeSaved(reason: string) {
  return new AppError('rule_broken', {
    message: `This result cannot be saved: ${reason}.`,
    field: 'snapshot',
  });
}
const NOT_THE_DRAW = 'its teams are not the draw of its seed';

/**
 * Refuses a snapshot that is not a faithful shuffle: nobody dropped or doubled, constraints kept,
 * and the groups exactly what the engine draws from the same members, constraints and seed
 * (the seed is saved so a draw can be replayed and checked). A balanced shuffle is replayed with
 * its attributes, what it was balanced for and its search steps (issue 15), in a worker thread:
 * for 1,000 members the search takes a tenth of a second or more, which the event loop must not
 * wait for (issue 22). A plain draw is linear (under a millisecond for 1,000) and stays here.
 */
export async function assertFaithfulSnapshot(cpu: CpuPool, input: SaveResultInput['snapshot']) {
  const [problem] = snapshotProblems(input);
  if (problem !== undefined) throw cannotBeSaved(problem);
  // Issue 24: teams adjusted by hand after the draw are saved as such, not replayed.
  if (input.isHandAdjusted) return;
  const isDrawn = input.balance ? await cpu.run('isDrawOfSeed', input) : isDrawOfSeed(input);
  if (!isDrawn) throw cannotBeSaved(NOT_THE_DRAW);
}

/** A Save Result body the worker has checked and packed (results.check.ts). */
export type CheckedSave = Extract<SaveCheck, { kind: 'checked' }>;

/**
 * Save Result's body, parsed by its schema and checked like `assertFaithfulSnapshot` and for an
 * e-mail two members share (issue 23: one person, one roster entry, the rule Create Team applies
 * to the same snapshot), and its snapshot packed, all in a worker thread (issue 22): for 1,000
 * members the schema alone held the event loop about 11 ms. Undefined when the body fails the
 * schema (the route answers that 400 as its schema would).
 */
export async function checkedSave(cpu: CpuPool, body: unknown): Promise<CheckedSave | undefined> {
  const check = await cpu.run('checkSaveResult', body);
  switch (check.kind) {
    case 'invalid':
      return undefined;
    case 'problem':
      throw cannotBeSaved(check.problem);
    case 'not-drawn':
      throw cannotBeSaved(NOT_THE_DRAW);
    case 'shared-email':
      throw sharedEmailError(check.sharedEmail, 'snapshot.members');
    case 'checked':
      return check;
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

/**
 * Save Result: stores a checked snapshot (`checkedSave`) under a title unique for the user.
 * Answers the saved result as JSON bytes (`savedResult`), the snapshot's made by the worker, not
 * encoded again here.
 */
export async function saveResult(db: Db, userId: string, save: CheckedSave): Promise<Buffer> {
  const packed = { ...save.packed, snapshotGz: asBuffer(save.packed.snapshotGz) };
  // In a transaction of its own, so that a retried save knows it committed (decision 0015).
  const row = await db.transaction((tx) => insertPackedResult(tx, userId, save.title, packed));
  const head = JSON.stringify({
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
  } satisfies Omit<SavedResult, 'snapshot'>);
  return Buffer.concat([
    Buffer.from(`${head.slice(0, -1)},"snapshot":`),
    save.snapshotJson,
    Buffer.from('}'),
  ]);
}

/** Deletes one of the user's results. */
export async function removeResult(db: Db, userId: string, resultId: string) {
  if (!(await deleteResult(db, userId, resultId)))
    throw new AppError('not_found', { message: 'Result not found' });
}
