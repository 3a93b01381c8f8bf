import { isUuid } from '@teamshuffle/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { blobDeletions, files, inflightUploads, storageReservations } from './files.table.ts';
import { rowsOf } from '../../db/rows.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/**
 * Opens an upload's claim on the user's quota with up to `initial` bytes (as many as are left;
 * it grows as file bytes stream: `growReservation`), or says how much is left when `mustFit`
 * bytes cannot fit. The user's row is
 * locked for the check and every growth, so concurrent uploads of one user (on any app instance)
 * are counted one after the other: together they can never pass the quota.
 */
export async function openReservation(
  db: Db,
  input: {
    userId: string;
    /** Refuse at once unless this many bytes fit (an upload whose declared size cannot). */
    mustFit: number;
    /** Claim this much at once, or what is left when less (an upload's declared size). */
    initial: number;
    quotaBytes: number;
    expiresAt: Date;
    instanceId: string;
    supersedes?: Supersedes | undefined;
  },
): Promise<{ reservationId: string; bytes: number } | { remainingBytes: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from "user" where id = ${input.userId} for update`);
    const remainingBytes = await roomFor(tx, input.userId, input);
    if (input.mustFit > remainingBytes) return { remainingBytes };
    const bytes = Math.min(input.initial, remainingBytes);
    const [row] = await tx
      .insert(storageReservations)
      .values({
        userId: input.userId,
        bytes,
        expiresAt: input.expiresAt,
        instanceId: input.instanceId,
      })
      .returning({ id: storageReservations.id });
    return { reservationId: row!.id, bytes };
  });
}

/**
 * Adds between `need` and `want` bytes (as many as are left, at least `need`) to an upload's
 * claim; returns the bytes added, or what the user has left apart from this upload's own claim.
 */
export async function growReservation(
  db: Db,
  input: {
    reservationId: string;
    userId: string;
    need: number;
    want: number;
    quotaBytes: number;
    supersedes?: Supersedes | undefined;
  },
): Promise<{ added: number } | { remainingBytes: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from "user" where id = ${input.userId} for update`);
    const left = await roomFor(tx, input.userId, { ...input, mustFit: input.need });
    const [own] = await tx
      .select({ bytes: storageReservations.bytes })
      .from(storageReservations)
      .where(eq(storageReservations.id, input.reservationId));
    // A claim that is gone (collected, expired) grants nothing more.
    if (!own || input.need > left) return { remainingBytes: left + (own?.bytes ?? 0) };
    const added = Math.min(Math.max(input.need, input.want), left);
    await tx
      .update(storageReservations)
      .set({ bytes: sql`${storageReservations.bytes} + ${added}` })
      .where(eq(storageReservations.id, input.reservationId));
    return { added };
  });
}

/**
 * The ids of the files an upload stops charging to its uploader when it commits (the attempt or
 * answer it supersedes), read inside the claim's transaction (decision 0016).
 */
export type Supersedes = (tx: Db) => Promise<readonly string[]>;

/**
 * Bytes charged to the user plus bytes claimed by their uploads in progress, less the bytes of
 * `credited` files that are charged to this user. Superseded attempts are charged to no one
 * (decision 0016), so the refusal's "{n}MB remaining" and the quota bar (`storedBytesOf`) count
 * the same bytes. One statement, so the charge and the credit come from one snapshot: a file
 * another upload's commit stops charging leaves both at once, never one of them.
 */
async function heldBytes(
  db: Db,
  userId: string,
  credited: readonly string[] = [],
): Promise<number> {
  const credit =
    credited.length === 0
      ? sql`0`
      : sql`(select coalesce(sum(size), 0) from files
           where uploader_id = ${userId} and is_charged
           and id in (${sql.join(
             credited.map((id) => sql`${id}::uuid`),
             sql`, `,
           )}))`;
  const result = await db.execute(sql`
    select
      (select coalesce(sum(size), 0) from files where uploader_id = ${userId} and is_charged)
      + (select coalesce(sum(bytes), 0) from storage_reservations
         where user_id = ${userId} and expires_at > now())
      - ${credit} as total`);
  return Number(rowsOf<{ total: string | number }>(result)[0]?.total ?? 0);
}

/**
 * What the user has left for one upload, under the lock on their row. When `mustFit` bytes do
 * not fit, the bytes the upload will stop charging to this user when it commits count as left
 * too (decision 0016: a same-size resubmission near the quota goes through). Only the user's
 * own charged bytes count, and every other upload's claim is held in full, so two uploads that
 * supersede the same attempt cannot both use its bytes: the second sees the first's claim.
 */
async function roomFor(
  tx: Db,
  userId: string,
  input: { mustFit: number; quotaBytes: number; supersedes?: Supersedes | undefined },
): Promise<number> {
  const left = Math.max(0, input.quotaBytes - (await heldBytes(tx, userId)));
  if (input.mustFit <= left || !input.supersedes) return left;
  const credited = await input.supersedes(tx);
  if (credited.length === 0) return left;
  return Math.max(0, input.quotaBytes - (await heldBytes(tx, userId, credited)));
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

/** Names a storage key as an upload in progress on an instance (decision 0018). */
export async function markInflight(db: Db, storageKey: string, instanceId: string): Promise<void> {
  await db.insert(inflightUploads).values({ storageKey, instanceId });
}

/** Forgets in-flight keys (their files rows committed, or their bytes are gone); how many were named. */
export async function clearInflight(db: Db, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const gone = await db
    .delete(inflightUploads)
    .where(inArray(inflightUploads.storageKey, [...keys]))
    .returning({ key: inflightUploads.storageKey });
  return gone.length;
}

/**
 * The leftovers of instances that are not alive (a lapsed lease, or no lease row at all): their
 * quota claims are dropped and their lapsed lease rows go; the in-flight storage keys they left
 * are returned for the caller to remove from storage, then `clearInflight`. A live instance's
 * claims and keys are never touched. Claims without an instance (made before migration 0022) are
 * left to expire.
 */
export async function collectDeadInstances(
  db: Db,
  /** On a database only one instance uses (PGlite), every other instance is dead. */
  onlyAlive?: string,
): Promise<{ droppedClaims: number; keys: string[] }> {
  const alive = onlyAlive
    ? sql`select ${onlyAlive}::uuid`
    : sql`select id from server_instances where lease_until > now()`;
  return db.transaction(async (tx) => {
    const dropped = rowsOf<{ id: string }>(
      await tx.execute(sql`
        delete from storage_reservations
        where instance_id is not null and instance_id not in
          (${alive})
        returning id`),
    );
    const keys = rowsOf<{ storage_key: string }>(
      await tx.execute(sql`
        select storage_key from inflight_uploads
        where instance_id not in (${alive})
        and storage_key not in (select storage_key from files)`),
    ).map((row) => row.storage_key);
    // Keys whose files row did commit are no longer in flight.
    await tx.execute(sql`
      delete from inflight_uploads
      where instance_id not in (${alive})
      and storage_key in (select storage_key from files)`);
    await tx.execute(sql`delete from server_instances where id not in (${alive})`);
    return { droppedClaims: dropped.length, keys };
  });
}
