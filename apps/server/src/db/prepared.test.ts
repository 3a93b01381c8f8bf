import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { quoteLiteral, statement } from './prepared.ts';

// Runs on in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
describe('prepared statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('quotes any text so that the database reads back exactly that text', async () => {
    const echo = statement<{ value: string | null }>(t.app.db, {
      name: 'test_echo',
      text: 'select $1::text as value',
    });
    // Quotes, backslashes, dollar signs, comment markers, every plane of Unicode; no NUL.
    const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0'));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text, fc.constantFrom("'", "\\'", "'; drop table x; --", '$1', '\\\\')),
        async (value) => {
          const wellFormed = value.toWellFormed();
          const [row] = await echo([wellFormed]);
          expect(row?.value).toBe(wellFormed);
        },
      ),
      { numRuns: 300 },
    );
    expect((await echo([null]))[0]?.value).toBeNull();
    expect(quoteLiteral("it's")).toBe("E'it''s'");
    expect(() => quoteLiteral('a\0b')).toThrow(/NUL/);
  });

  it('runs with parameters, prepares once under concurrent first calls, and types the rows', async () => {
    const run = statement<{ n: number; flag: boolean; at: Date }>(t.app.db, {
      name: 'test_typed',
      text: `select $1::int + 1 as n, $2::boolean as flag, '2026-01-02T03:04:05Z'::timestamptz as at`,
    });
    const rows = await Promise.all(
      Array.from({ length: 8 }, (_, i) => run([String(i), i % 2 ? 'true' : 'false'])),
    );
    expect(rows.map(([row]) => row?.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows[1]?.[0]?.flag).toBe(true);
    expect(rows[0]?.[0]?.at).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it('refuses a wrong number of values, a reused name with other SQL, and use inside a transaction', async () => {
    const definition = { name: 'test_two', text: 'select $1::text || $2::text as joined' };
    const run = statement<{ joined: string }>(t.app.db, definition);
    expect(() => run(['a'])).toThrow(/takes 2 values/);
    expect((await run(['a', 'b']))[0]?.joined).toBe('ab');
    expect(() => statement(t.app.db, { name: 'test_two', text: 'select 1' })).toThrow(
      /two prepared statements/,
    );
    expect(() => statement(t.app.db, { name: 'Bad Name', text: 'select 1' })).toThrow(/name/);
    await t.app.db.transaction(async (tx) => {
      expect(() => statement(tx, definition)).toThrow(/not in a transaction/);
      await tx.execute(sql`select 1`);
    });
  });
});
