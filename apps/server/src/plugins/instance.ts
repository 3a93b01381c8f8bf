import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rowsOf } from '../db/rows.ts';
import type { Db } from './database.ts';

/**
 * This running instance of the app on its database (decision 0018): a random id made at start,
 * with a lease row (`server_instances`) renewed while it runs. What an instance leaves behind
 * (quota claims and uploads in the files module, Idempotency-Key claims) names its id, and is
 * another instance's to collect or take over once the instance is not alive.
 */
export type Instance = {
  id: string;
  host: string;
  pid: number;
  /** On the embedded database only one process runs: every other instance is dead. */
  isOnlyInstance: boolean;
  /** How often the modules that collect dead instances' leftovers look (tests shorten it). */
  collectEveryMs: number;
  /** A subquery of the ids of the instances alive now (for `id in (...)`). */
  aliveIds: () => SQL;
  /**
   * Ends at once the leases of this host's instances whose process is gone (killed, then
   * restarted here): they hold nothing any more, whatever their lease still says.
   */
  endGoneProcesses: () => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    instance: Instance;
  }
}

/**
 * The lease's timing: renewed every `renewEveryMs`, lapsing `leaseMs` after the last renewal;
 * every `collectEveryMs` (and at start) leftovers of instances that are not alive are collected.
 * Tests shorten them before building an app.
 */
export const instanceLeaseTimings = {
  leaseMs: 90_000,
  renewEveryMs: 20_000,
  collectEveryMs: 60_000,
};

/** Whether a process of this host exists (signal 0 checks without sending anything). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's; only ESRCH says there is no such process.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Starts or renews an instance's lease until `leaseMs` from now. */
export async function renewInstanceLease(
  db: Db,
  instanceId: string,
  leaseMs: number,
  where: { host: string; pid: number },
): Promise<void> {
  await db.execute(sql`
    insert into server_instances (id, lease_until, host, pid)
    values (${instanceId}, now() + ${leaseMs} * interval '1 millisecond', ${where.host}, ${where.pid})
    on conflict (id) do update set lease_until = excluded.lease_until`);
}

/**
 * Ends at once the leases of instances on `host` whose process is gone (`isAlive(pid)` false):
 * a process that no longer exists serves nothing, whatever its lease still says (migration
 * 0024). Returns how many it ended. Instances on other hosts keep their lease until it lapses.
 */
export async function endLeasesOfGoneProcesses(
  db: Db,
  host: string,
  isAlive: (pid: number) => boolean,
): Promise<number> {
  const rows = rowsOf<{ id: string; pid: number | null }>(
    await db.execute(sql`
      select id, pid from server_instances
      where host = ${host} and pid is not null and lease_until > now()`),
  );
  const gone = rows.filter((row) => row.pid !== null && !isAlive(row.pid)).map((row) => row.id);
  if (gone.length === 0) return 0;
  await db.execute(sql`
    update server_instances set lease_until = now() - interval '1 second'
    where id in (${sql.join(
      gone.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return gone.length;
}

/** The instance, its lease taken before anything is served, renewed until the app closes. */
export const instancePlugin = fp(
  async (app: FastifyInstance) => {
    const timings = { ...instanceLeaseTimings };
    const id = randomUUID();
    const where = { host: hostname(), pid: process.pid };
    const isOnlyInstance = app.dbDriver === 'pglite';
    await renewInstanceLease(app.db, id, timings.leaseMs, where);
    app.decorate('instance', {
      id,
      ...where,
      isOnlyInstance,
      collectEveryMs: timings.collectEveryMs,
      aliveIds: () =>
        isOnlyInstance
          ? sql`select ${id}::uuid`
          : sql`select id from server_instances where lease_until > now()`,
      endGoneProcesses: () =>
        isOnlyInstance
          ? Promise.resolve(0)
          : endLeasesOfGoneProcesses(app.db, where.host, isProcessAlive),
    } satisfies Instance);
    const renew = () =>
      renewInstanceLease(app.db, id, timings.leaseMs, where).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not renew the instance lease'),
      );
    const timer = setInterval(() => void renew(), timings.renewEveryMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      // Every request has finished: nothing of this instance is in flight any more.
      await app.db.execute(sql`delete from server_instances where id = ${id}`).catch(() => {});
    });
  },
  { name: 'instance', fastify: '5.x', dependencies: ['database'] },
);
