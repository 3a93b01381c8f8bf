import { sql } from 'drizzle-orm';
import type { Db } from '../plugins/database.ts';
import { rowsOf } from './rows.ts';

/** A counter's state after one more hit: the hits in the current window and the time left in it. */
export type Hits = { count: number; ttlMs: number };

/**
 * Counts `hits` hits (one by default) for `key` in a fixed window of `windowMs`, in the table
 * every app instance on one PostgreSQL shares (`rate_limit_counters`, unlogged): one statement,
 * so hits from several instances at the same moment all count.
 */
export async function countHit(db: Db, key: string, windowMs: number, hits = 1): Promise<Hits> {
  const result = await db.execute(sql`
    insert into rate_limit_counters (key, count, window_ends_at)
    values (${key}, ${hits}, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when rate_limit_counters.window_ends_at <= now() then ${hits}
        else rate_limit_counters.count + ${hits} end,
      window_ends_at = case when rate_limit_counters.window_ends_at <= now()
        then now() + make_interval(secs => ${windowMs / 1000})
        else rate_limit_counters.window_ends_at end
    returning count, greatest(0, extract(epoch from window_ends_at - now()) * 1000)::int as "ttlMs"`);
  const [row] = rowsOf<Hits>(result);
  return row ?? { count: hits, ttlMs: windowMs };
}

/** Drops counters whose window ended (they would be reset on their next hit anyway). */
export async function dropEndedCounters(db: Db): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_counters where window_ends_at < now() - interval '1 minute'`,
  );
}
