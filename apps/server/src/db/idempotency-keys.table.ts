import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../modules/users/users.table.ts';

// The Idempotency-Key records of creating requests (plugins/idempotency.ts, decision 0015): per
// user and key, the request's fingerprint and, once done, its first 2xx answer. Shared by every
// instance on one database; rows older than 24 h are swept.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').$type<'running' | 'done'>().notNull().default('running'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance running the first request (decision 0018's lease); null before 0025. */
    instanceId: uuid('instance_id'),
    /** When the first request's work committed (in its transaction); null while none has. */
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    check('idempotency_keys_status_check', sql`${table.status} in ('running', 'done')`),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
