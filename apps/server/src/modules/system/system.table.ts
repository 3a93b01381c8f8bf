import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

// One row that records the installation: when the database was created, how often the app
// has started on it. Start-up writes it, so a restart that keeps the data is visible.
export const systemMeta = pgTable(
  'system_meta',
  {
    id: integer('id').primaryKey().default(1),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull().defaultNow(),
    bootCount: integer('boot_count').notNull().default(1),
  },
  (table) => [check('system_meta_single_row', sql`${table.id} = 1`)],
);
