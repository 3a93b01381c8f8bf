import { isUuid } from '@teamshuffle/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { blobDeletions, files, storageReservations } from './files.table.ts';
import { rowsOf } from '../../db/rows.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/**
 * Claims `bytes` of the user's quota for an upload about to start, or says how much is left.
 * The user's row is locked for the check and the claim, so concurrent uploads of one user (on any
 * app instance) are counted one after the other: together they can never pass the quota.
 */
export async function reserveQuota(
  db: Db,
  input: {
    userId: string;
    bytes: number;
    /** Claim what is left when it is less than `bytes` (an upload of unknown size). */
    allowLess: boolean;
    quotaBytes: number;
    expiresAt: Date;
  },
): Promise<{ reservationId: string; bytes: number } | { remainingBytes: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from "user" where id = ${input.userId} for update`);
    const used = await usedAndReservedBytes(tx, input.userId);
    const remainingBytes = Math.max(0, input.quotaBytes - used);
    const bytes = input.allowLess ? Math.min(input.bytes, remainingBytes) : input.bytes;
    if (bytes <= 0 || bytes > remainingBytes) return { remainingBytes };
    const [row] = await tx
      .insert(storageReservations)
      .values({ userId: input.userId, bytes, expiresAt: input.expiresAt })
      .returning({ id: storageReservations.id });
    return { reservationId: row!.id, bytes };
  });
}

/**
 * Bytes charged to the user plus bytes claimed by their uploads in progress. Superseded attempts
 * are charged to no one (decision 0016), so the refusal's "{n}MB remaining" and the quota bar
 * (`storedBytesOf`) count the same bytes.
 */
async function usedAndReservedBytes(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(size), 0) from files where uploader_id = ${userId} and is_charged)
      + (select coalesce(sum(bytes), 0) from storage_reservations
         where user_id = ${userId} and expires_at > now()) as total`);
  return Number(rowsOf<{ total: string | number }>(result)[0]?.total ?? 0);
}

/** Bytes charged to the user (what the quota bar shows; decision 0016). */
export async function storedBytesOf(db: Db, userId: string): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(size), 0) as total from files where uploader_id = ${userId} and is_charged`,
  );
  return Number(rowsOf<{ total: string | number }>(result)[0]?.total ?? 0);
}

/** Gives an upload's claim back (it failed, or its files are committed). */
export async function releaseReservation(db: Db, reservationId: string): Promise<void> {
  await db.delete(storageReservations).where(eq(storageReservations.id, reservationId));
}

/**
 * Drops claims of uploads that can no longer finish: expired ones, or (`all`, when this is the
 * only instance, as on the embedded database) every claim made before this start.
 */
export async function dropStaleReservations(db: Db, all: boolean): Promise<void> {
  await db
    .delete(storageReservations)
    .where(all ? sql`true` : lt(storageReservations.expiresAt, sql`now()`));
}

/** Writes file rows (inside the caller's transaction, with whatever links them). */
export async function insertFiles(db: Db, rows: NewFileRow[]): Promise<FileRow[]> {
  if (rows.length === 0) return [];
  return db.insert(files).values(rows).returning();
}

/** A file row by id (ids that are not UUIDs are simply not found). */
export async function findFile(db: Db, fileId: string): Promise<FileRow | undefined> {
  if (!isUuid(fileId)) return undefined;
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row;
}

/**
 * Stops charging files to their uploader (a superseded attempt's: decision 0016). One way: a file
 * is never charged again, so a quota never grows without an upload.
 */
export async function unchargeFiles(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .update(files)
    .set({ isCharged: false })
    .where(inArray(files.id, [...fileIds]));
}

/** Deletes file rows; their bytes are queued for removal by the table's trigger. */
export async function deleteFileRows(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.delete(files).where(inArray(files.id, [...fileIds]));
}

/** Some keys whose bytes are waiting to be removed, oldest first. */
export async function queuedDeletions(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: blobDeletions.storageKey })
    .from(blobDeletions)
    .orderBy(blobDeletions.queuedAt)
    .limit(limit);
  return rows.map((row) => row.key);
}

/** Forgets a queued key once its bytes are gone. */
export async function dequeueDeletion(db: Db, key: string): Promise<void> {
  await db.delete(blobDeletions).where(eq(blobDeletions.storageKey, key));
}

/** Of the given keys, those that neither a file row nor the deletion queue names. */
export async function unknownKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const known = new Set(
    (
      await db
        .select({ key: files.storageKey })
        .from(files)
        .where(inArray(files.storageKey, [...keys]))
    ).map((row) => row.key),
  );
  const queued = new Set(
    (
      await db
        .select({ key: blobDeletions.storageKey })
        .from(blobDeletions)
        .where(and(inArray(blobDeletions.storageKey, [...keys])))
    ).map((row) => row.key),
  );
  return keys.filter((key) => !known.has(key) && !queued.has(key));
}
