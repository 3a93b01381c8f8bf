// PGlite on the event loop, taking turns (turn-taking.ts): queued statements no longer run back
// to back in one stretch of promise callbacks; the loop turns between them.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { isTakingTurns, takingTurns } from './turn-taking.ts';

describe('PGlite taking turns with the event loop', { timeout: 60_000 }, () => {
  let raw: PGlite;
  let db: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create();
    db = takingTurns(raw);
    await db.exec('create table t (id int primary key, v text)');
  });
  afterAll(() => raw.close());

  it('lets the loop turn between the statements of forty requests, each statement once', async () => {
    let done = 0;
    // What was done at each turn of the loop, while the requests run.
    const atTurns: number[] = [];
    let isRunning = true;
    const watch = () => {
      atTurns.push(done);
      if (isRunning) setImmediate(watch);
    };
    setImmediate(watch);
    // Forty requests, each four statements in a row, all queued at once.
    await Promise.all(
      Array.from({ length: 40 }, async (_, request) => {
        for (let step = 0; step < 4; step++) {
          await db.query('select $1::int + $2::int as n', [request, step]);
          done += 1;
        }
      }),
    );
    isRunning = false;
    expect(done).toBe(160);
    // At most one statement per request between two turns (without turns: all 160 in one).
    const steps = atTurns.slice(1).map((value, i) => value - atTurns[i]!);
    expect(Math.max(...steps, done - atTurns.at(-1)!)).toBeLessThanOrEqual(40);
    expect(atTurns.length).toBeGreaterThanOrEqual(4);
  });

  it('is still PGlite, with its answers, transactions and errors', async () => {
    expect(db).toBeInstanceOf(PGlite);
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, v) values ($1, $2)', [1, 'one']);
      await tx.query('insert into t (id, v) values ($1, $2)', [2, 'two']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, v) values ($1, $2)', [3, 'three']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await db.query<{ v: string }>('select v from t order by id')).rows).toEqual([
      { v: 'one' },
      { v: 'two' },
    ]);
    const [result] = await db.exec('select count(*)::int as n from t');
    expect(result?.rows).toEqual([{ n: 2 }]);
    await expect(db.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
  });
});

describe("the app's database", { timeout: 120_000 }, () => {
  it('takes turns on PGlite in the server process, and not on PostgreSQL', async () => {
    const t = await createTestApp();
    try {
      const client = (t.app.db as unknown as { $client: unknown }).$client;
      expect(isTakingTurns(client)).toBe(!process.env.TEST_DATABASE_URL);
      // And the app answers through it.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
