import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShuffleSnapshot } from '@teamshuffle/domain';
import { user } from '../users/users.table.ts';

/** Bytes (PGlite gives a Uint8Array, node-postgres a Buffer: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

// A saved shuffle. Titles are unique per user, ignoring case and surrounding spaces; the unique
// index (not a read before the write) is what makes two simultaneous saves safe.
// The snapshot is kept as gzipped JSON (decision 0022): the database never looks inside it, and
// writing 200 kB of jsonb for 1,000 members held PGlite's one connection (and the event loop it
// runs on) 12 ms, during which every other request waited. What the /results list shows of it is
// counted when it is saved. Results saved before migration 0030 keep their jsonb `snapshot`.
export const savedResults = pgTable(
  'saved_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** A result saved before migration 0030; null for later ones. */
    snapshot: jsonb('snapshot').$type<ShuffleSnapshot>(),
    /** The snapshot as gzipped UTF-8 JSON; null for results saved before migration 0030. */
    snapshotGz: bytea('snapshot_gz'),
    membersCount: integer('members_count').notNull(),
    teamsCount: integer('teams_count').notNull(),
    groupSize: integer('group_size').notNull(),
    fixedPairsCount: integer('fixed_pairs_count').notNull(),
    lockedTeamsCount: integer('locked_teams_count').notNull(),
    keepApartCount: integer('keep_apart_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_results_user_title_key').on(table.userId, sql`lower(btrim(${table.title}))`),
    index('saved_results_user_created_idx').on(table.userId, table.createdAt),
    check(
      'saved_results_one_snapshot',
      sql`(${table.snapshot} is null) <> (${table.snapshotGz} is null)`,
    ),
  ],
);
