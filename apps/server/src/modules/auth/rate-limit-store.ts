import { countHit } from '../../db/counters.ts';
import type { Db } from '../../plugins/database.ts';

type Rule = { window: number; max: number };
type Consumed = { allowed: boolean; retryAfter: number | null };

const PRUNE_ABOVE = 10_000;

/**
 * Better Auth's rate-limit counters, in this app instance's memory (fixed windows per client
 * address and path). Better Auth's own memory store is shared by every instance in a process,
 * which would let one test app's traffic limit another's.
 */
export function createRateLimitStore(now: () => number = Date.now) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    consume: async (key: string, rule: Rule): Promise<Consumed> => {
      const at = now();
      const span = rule.window * 1000;
      const current = windows.get(key);
      if (!current || at - current.startedAt >= span) {
        if (windows.size > PRUNE_ABOVE) {
          for (const [other, entry] of windows)
            if (at - entry.startedAt >= span) windows.delete(other);
        }
        windows.set(key, { startedAt: at, count: 1 });
        return { allowed: true, retryAfter: null };
      }
      if (current.count >= rule.max) {
        return { allowed: false, retryAfter: Math.ceil((current.startedAt + span - at) / 1000) };
      }
      current.count += 1;
      return { allowed: true, retryAfter: null };
    },
  };
}

/**
 * Better Auth's rate-limit counters in the database every instance on one PostgreSQL shares
 * (db/counters.ts), so a limit holds across instances behind a load balancer (issue 13).
 */
export function createSharedRateLimitStore(db: Db) {
  return {
    consume: async (key: string, rule: Rule): Promise<Consumed> => {
      const hits = await countHit(db, `auth:${key}`, rule.window * 1000);
      if (hits.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(hits.ttlMs / 1000)) };
    },
  };
}
