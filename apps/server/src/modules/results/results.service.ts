import {
  AppError,
  balanceTeams,
  formTeams,
  type SaveResultInput,
  snapshotProblems,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
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
 * its attributes, what it was balanced for and its search steps (issue 15).
 */
export function assertFaithfulSnapshot(input: SaveResultInput['snapshot']) {
  const problems = snapshotProblems(input);
  if (problems.length > 0) {
    throw new AppError('rule_broken', {
      message: `This result cannot be saved: ${problems[0]}.`,
      field: 'snapshot',
    });
  }
  const plainInput = {
    members: input.members,
    teamCount: input.groupSize,
    fixedPairs: input.fixedPairs,
    lockedTeams: input.lockedTeams,
    keepApart: input.keepApart,
    seed: input.seed,
  };
  const { balance } = input;
  const replay = balance
    ? balanceTeams({
        ...plainInput,
        attributes: input.attributes ?? [],
        balance,
        maxSteps: balance.steps,
      })
    : formTeams(plainInput);
  const drawn = JSON.stringify(
    replay.teams.map((team) => [team.number, [...team.memberIds].sort()]),
  );
  const saved = JSON.stringify(
    input.groups.map((group) => [group.number, [...group.memberIds].sort()]),
  );
  if (drawn !== saved) {
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
export async function saveResult(db: Db, userId: string, input: SaveResultInput) {
  assertFaithfulSnapshot(input.snapshot);
  return presentResult(await insertResult(db, userId, input.title, input.snapshot));
}

/** Deletes one of the user's results. */
export async function removeResult(db: Db, userId: string, resultId: string) {
  if (!(await deleteResult(db, userId, resultId)))
    throw new AppError('not_found', { message: 'Result not found' });
}
