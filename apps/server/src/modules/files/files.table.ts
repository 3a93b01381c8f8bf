import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../users/users.table.ts';
import { workspaces } from '../workspaces/workspaces.table.ts';

// Every stored file is one row here, written only once its bytes are durable (ARCHITECTURE.md,
// Files). Its bytes are charged to the uploader's quota, whoever asked for them (spec part 1
// charged students' submissions to the teacher; see ARCHITECTURE.md), while `is_charged`: a
// superseded attempt and the work of a deleted account are charged to no one (decision 0016).

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the uploader's account is gone: the work stays with the workspace (decision 0016). */
    uploaderId: text('uploader_id').references(() => user.id, { onDelete: 'set null' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    /** What the file belongs to ('note_attachment', 'task_submission', ...): its module decides who may read it. */
    kind: text('kind').notNull(),
    originalName: text('original_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** Hex SHA-256 of the bytes (the download's ETag). */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** Counts toward the uploader's quota; false once superseded by a newer attempt (decision 0016). */
    isCharged: boolean('is_charged').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('files_uploader_idx').on(table.uploaderId),
    index('files_workspace_idx').on(table.workspaceId),
    check('files_size_not_negative', sql`${table.size} >= 0`),
  ],
);

/**
 * Bytes an upload in progress has claimed from its uploader's quota, so that two uploads at the
 * same moment cannot together pass it. Claimed under a lock on the user's row; released when the
 * upload is committed or fails; an instance that dies leaves it to expire.
 */
export const storageReservations = pgTable(
  'storage_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The instance serving the upload: its leftovers go when its lease lapses (decision 0018). */
    instanceId: uuid('instance_id'),
  },
  (table) => [
    index('storage_reservations_user_idx').on(table.userId),
    index('storage_reservations_instance_idx').on(table.instanceId),
    // Grows from zero as the file bytes stream (decision 0018).
    check('storage_reservations_bytes_not_negative', sql`${table.bytes} >= 0`),
  ],
);

/**
 * App instances and their leases (decision 0018): each renews its row; an instance whose lease
 * has lapsed is dead, and its claims and in-flight uploads are collected.
 */
export const serverInstances = pgTable('server_instances', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  /** Where the instance runs (migration 0024): a process gone from this host holds nothing. */
  host: text('host'),
  pid: integer('pid'),
});

/**
 * Storage keys of uploads whose files row is not committed yet, named before the first byte is
 * written; the row goes with the files row's transaction or the discard (decision 0018).
 */
export const inflightUploads = pgTable(
  'inflight_uploads',
  {
    storageKey: text('storage_key').primaryKey(),
    instanceId: uuid('instance_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inflight_uploads_instance_idx').on(table.instanceId)],
);

/**
 * Bytes whose `files` row is gone, waiting to be removed from storage. A trigger (migration 0009)
 * adds the key in the transaction that deletes the row, however it is deleted (one file, a
 * workspace or an account with everything in it), so no deletion path can forget the bytes.
 */
export const blobDeletions = pgTable('blob_deletions', {
  storageKey: text('storage_key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});
