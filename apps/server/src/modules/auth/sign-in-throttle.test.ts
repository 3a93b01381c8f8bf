import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, uniqueEmail } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  FREE_FAILURES,
  KNOWN_DEVICE_COOKIE,
  lockSeconds,
  MAX_LOCK_SECONDS,
} from './sign-in-throttle.ts';

describe('lockSeconds', () => {
  it('lets the first failures go, then doubles the lock up to its ceiling', () => {
    const locks = Array.from({ length: 16 }, (_, index) => lockSeconds(index + 1));
    expect(locks.slice(0, FREE_FAILURES)).toEqual([0, 0, 0, 0, 0]);
    expect(locks.slice(FREE_FAILURES, FREE_FAILURES + 5)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.max(...locks)).toBe(MAX_LOCK_SECONDS);
  });
});

// Many sign-ins in a row: 30 s ran out on a 2-core machine at load 10 (2026-11-25).
describe('password sign-in, throttled per account (decisions/0005)', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address limit would stop a single test address first; here every attempt comes
    // from its own address, as a distributed guesser's would.
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  let address = 0;
  const signIn = (email: string, password: string, cookie?: string) => {
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
      headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });
  };
  const deviceCookieOf = (response: Awaited<ReturnType<typeof signIn>>) => {
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    const line = cookies.find((cookie) => cookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    return line?.split(';')[0];
  };
  // A lock this test can observe however slow the machine: the one the failures set, held for
  // five minutes (the longest lock there is).
  const holdLock = async (email: string) => {
    const result = await t.app.db.execute(
      sql`update sign_in_throttle set locked_until = now() + interval '5 minutes'
        where email_key = ${email} and locked_until is not null returning email_key`,
    );
    expect((result as { rows: unknown[] }).rows).toHaveLength(1);
  };
  const unlock = (email: string) =>
    t.app.db.execute(
      sql`update sign_in_throttle set locked_until = now() - interval '1 second' where email_key = ${email}`,
    );

  it('locks an account name after repeated failures from many addresses, even for the right password', async () => {
    const { email, password } = await buildUser(t.app, t.config.publicUrl);
    for (let i = 0; i < FREE_FAILURES + 1; i++) {
      expect((await signIn(email, 'wrong-password')).statusCode).toBe(401);
    }
    await holdLock(email);
    const locked = await signIn(email, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'too_many_sign_in_attempts' });
    expect(locked.json().message).toMatch(/Try again in \d+ seconds/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Refused attempts do not count, so hammering a locked name does not lengthen the lock.
    const failures = await t.app.db.execute(
      sql`select failures from sign_in_throttle where email_key = ${email}`,
    );
    expect((failures as { rows: Array<{ failures: number }> }).rows[0]?.failures).toBe(
      FREE_FAILURES + 1,
    );

    // Once the lock has passed, the right password works and the count starts again.
    await unlock(email);
    expect((await signIn(email, password)).statusCode).toBe(200);
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await signIn(email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('grows the lock with each further failure', async () => {
    const { email } = await buildUser(t.app, t.config.publicUrl);
    const lockedUntil = async () => {
      const result = await t.app.db.execute(
        sql`select extract(epoch from locked_until - now())::float as seconds from sign_in_throttle where email_key = ${email}`,
      );
      return (result as { rows: Array<{ seconds: number }> }).rows[0]?.seconds ?? 0;
    };
    const locks: number[] = [];
    for (let i = 0; i < FREE_FAILURES + 4; i++) {
      await unlock(email);
      expect((await signIn(email, 'wrong-password')).statusCode).toBe(401);
      locks.push(Math.round(await lockedUntil()));
    }
    expect(locks.slice(FREE_FAILURES)).toEqual([1, 2, 4, 8]);
  });

  it('does not lock the owner out on a browser where they signed in before', async () => {
    const { email, password } = await buildUser(t.app, t.config.publicUrl);
    const earlier = await signIn(email, password);
    const device = deviceCookieOf(earlier);
    expect(device).toBeDefined();
    for (let i = 0; i < FREE_FAILURES + 1; i++) await signIn(email, 'wrong-password');
    await holdLock(email);
    expect((await signIn(email, password)).statusCode).toBe(429);
    // A forged device cookie, or another account's, does not help.
    expect((await signIn(email, password, `${KNOWN_DEVICE_COOKIE}=abc.def`)).statusCode).toBe(429);
    const stranger = await buildUser(t.app, t.config.publicUrl);
    const strangerDevice = deviceCookieOf(await signIn(stranger.email, stranger.password));
    expect((await signIn(email, password, strangerDevice)).statusCode).toBe(429);
    // The owner's own browser gets in, and that sign-in clears the failures.
    expect((await signIn(email, password, device)).statusCode).toBe(200);
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('refuses an absurd account name before counting it (a 1 MB one broke the index)', async () => {
    const response = await signIn(`${'x'.repeat(1_000_000)}@example.com`, 'whatever-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', field: 'email' });
  });

  it('treats an account that does not exist exactly like one that does', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < FREE_FAILURES + 1; i++) {
      expect((await signIn(nobody, 'whatever-1')).statusCode).toBe(401);
    }
    await holdLock(nobody);
    expect((await signIn(nobody, 'whatever-1')).json().error).toBe('too_many_sign_in_attempts');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'counts failures on every instance behind a load balancer as one (PostgreSQL)',
    async () => {
      const other = await t.anotherInstance();
      try {
        const { email, password } = await buildUser(t.app, t.config.publicUrl);
        for (let i = 0; i < FREE_FAILURES + 1; i++) {
          const app = i % 2 === 0 ? t.app : other.app;
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            remoteAddress: `10.8.0.${i + 1}`,
            headers: { origin: t.config.publicUrl },
            payload: { email, password: 'wrong-password' },
          });
          expect(response.statusCode).toBe(401);
        }
        await holdLock(email);
        const locked = await other.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.8.1.1',
          headers: { origin: t.config.publicUrl },
          payload: { email, password },
        });
        expect(locked.statusCode).toBe(429);
      } finally {
        await other.close();
      }
    },
  );
});
