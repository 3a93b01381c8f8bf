// The app on the embedded database in a process of its own (PGLITE_PROCESS=true, decision 0033):
// the same answers as on the event loop, the live notifications (LISTEN) included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTakingTurns } from '../src/db/turn-taking.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('the app with PGLITE_PROCESS=true', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_URL: 'memory://', PGLITE_PROCESS: 'true' });
  }, 120_000);
  afterAll(() => t?.close());

  it('reports the database up, and hears its own notifications', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ database: { status: 'up', driver: 'pglite' } });

    const heard: string[] = [];
    const stop = await t.app.dbListen('pglite_process_app', (payload) => heard.push(payload));
    await t.app.pingDatabase();
    const { sql } = await import('drizzle-orm');
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('pglite_process_app', 'committed')`);
    });
    await expect.poll(() => heard, { timeout: 20_000 }).toEqual(['committed']);
    await stop();
  });

  it('does not make its statements take turns with the event loop (they run in the process)', () => {
    expect(isTakingTurns((t.app.db as unknown as { $client: unknown }).$client)).toBe(false);
  });
});
