import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread.ts';

// The embedded database in its own thread (decision 0032): what Drizzle and the app ask of PGlite
// gives the same answers from the thread, and a long statement leaves the event loop free.

describe('PGlite in a worker thread', { timeout: 60_000 }, () => {
  let thread: PGliteThread;

  beforeAll(async () => {
    thread = await PGliteThread.create({ dataDir: undefined });
    await thread.exec(
      'create table items (id int primary key, name text not null unique, at timestamptz)',
    );
  }, 60_000);
  afterAll(() => thread.close());

  it('answers queries with their rows, in object or array mode, dates kept as text on request', async () => {
    await thread.query('insert into items values ($1, $2, $3)', [1, 'one', '2026-11-26T10:00:00Z']);
    const objects = await thread.query<{ id: number; name: string }>(
      'select id, name from items where id = $1',
      [1],
    );
    expect(objects.rows).toEqual([{ id: 1, name: 'one' }]);
    const arrays = await thread.query<unknown[]>('select id, at from items', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => value },
    });
    expect(arrays.rows[0]![0]).toBe(1);
    expect(typeof arrays.rows[0]![1]).toBe('string');
    const parsed = await thread.query<{ at: unknown }>('select at from items');
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
  });

  it('passes the database error with its code and constraint', async () => {
    const error = await thread
      .query('insert into items values (2, $1)', ['one'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key' });
  });

  it('commits a transaction that resolves and rolls back one that throws; others wait for it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query('insert into items values (10, $1)', ['ten']);
      // A statement outside the transaction waits until it ends, as in PGlite itself.
      outside = thread.query('select count(*)::int as n from items').then((result) => {
        order.push('outside');
        return result.rows;
      });
      await tx.query('insert into items values (11, $1)', ['eleven']);
      order.push('inside');
    });
    expect(await outside).toEqual([{ n: 3 }]);
    expect(order).toEqual(['inside', 'outside']);

    const failure = new Error('changed my mind');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into items values (12, $1)', ['twelve']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const after = await thread.query<{ id: number }>('select id from items where id = 12');
    expect(after.rows).toEqual([]);
  });

  it('serves Drizzle: statements, transactions and their rollback', async () => {
    const db = drizzle({ client: thread as unknown as PGlite });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (20, 'twenty')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (21, 'twenty-one')`);
        await tx.execute(sql`insert into items values (22, 'twenty')`);
      }),
    ).rejects.toThrow();
    const result = await db.execute<{ id: number }>(
      sql`select id from items where id between 20 and 29 order by id`,
    );
    expect(result.rows).toEqual([{ id: 20 }]);
  });

  it('delivers notifications to a listener until it stops listening', async () => {
    const heard: string[] = [];
    const stop = await thread.listen('news', (payload) => heard.push(payload));
    await thread.exec(`notify news, 'first'`);
    await expect.poll(() => heard, { timeout: 20_000 }).toEqual(['first']);
    await stop();
    await thread.exec(`notify news, 'second'`);
    await thread.exec('select 1');
    expect(heard).toEqual(['first']);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    let isRunning = true;
    const tick = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      if (isRunning) setImmediate(tick);
    };
    setImmediate(tick);
    const startedAt = performance.now();
    await thread.query('select count(*) from generate_series(1, 3000000)');
    const took = performance.now() - startedAt;
    isRunning = false;
    // In one thread the statement's whole time is one gap; here the loop keeps turning.
    expect(longestGap).toBeLessThan(took / 2);
  });
});
