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

/** Round-trips one query and returns how long it took, in milliseconds. */
export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
