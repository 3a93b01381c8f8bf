import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { systemMeta } from './system.table.ts';

/** Records one start of the app on this database and returns the installation row. */
export async function recordStart(db: Db) {
  const [row] = await db
    .insert(systemMeta)
    .values({ id: 1 })
    .onConflictDoUpdate({
      target: systemMeta.id,
      set: { bootCount: sql`${systemMeta.bootCount} + 1`, lastStartedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('system_meta row was not written');
  return row;
}
