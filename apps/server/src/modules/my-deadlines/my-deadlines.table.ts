import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '@teamshuffle/domain';
import { user } from '../users/users.table.ts';

// The personal calendar feed (issue 26, decision 0027, migration 0036).

/**
 * One secret feed address per user. Only the SHA-256 of its token is kept (hex), so a leaked
 * database copy gives no working address; making a new one replaces the hash, and the old
 * address stops working at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The feed's words in the language the app showed when its address was made (decision
     * 0041, migration 0043).
     */
    language: text('language').$type<Language>().notNull().default('en'),
  },
  (table) => [check('calendar_feeds_language', sql`${table.language} in ('en', 'ko')`)],
);
