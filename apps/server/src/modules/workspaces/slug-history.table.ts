import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.table.ts';

/**
 * The names a workspace had before a rename (issue 24, migration 0027): written in the rename's
 * transaction, so /workspaces/{old name} still finds it (after every current slug).
 */
export const workspaceSlugHistory = pgTable(
  'workspace_slug_history',
  {
    slug: text('slug').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.slug, table.workspaceId] }),
    index('workspace_slug_history_workspace_idx').on(table.workspaceId),
  ],
);
