import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ShuffleSnapshot } from '@teamshuffle/domain';
import { user } from '../users/users.table.ts';

// A saved shuffle. Titles are unique per user, ignoring case and surrounding spaces; the unique
// index (not a read before the write) is what makes two simultaneous saves safe.
export const savedResults = pgTable(
  'saved_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    snapshot: jsonb('snapshot').$type<ShuffleSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_results_user_title_key').on(table.userId, sql`lower(btrim(${table.title}))`),
    index('saved_results_user_created_idx').on(table.userId, table.createdAt),
  ],
);
