import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed password sign-ins per account name (the e-mail as typed, normalised), shared by every
 * app instance. Rows exist for any name tried, so they reveal nothing about which accounts exist;
 * they are dropped a day after their last failure. See docs/decisions/0005-sign-in-throttling.md.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    emailKey: text('email_key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('sign_in_throttle_last_failure_idx').on(table.lastFailureAt)],
);
