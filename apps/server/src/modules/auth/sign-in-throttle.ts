import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { readCookie } from './session-cookie.ts';
import { rowsOf } from '../../db/rows.ts';

// Password guessing against one account, from any number of addresses and app instances, is
// slowed down per account name; the person who owns the account is not locked out by it when
// they sign in from a browser where they signed in before (a "known device" cookie). The design
// and its figures: docs/decisions/0005-sign-in-throttling.md.

/** Failed attempts in a row that cost nothing. */
export const FREE_FAILURES = 5;
/** The longest an account name is ever locked after one failure. */
export const MAX_LOCK_SECONDS = 300;
/** Failures older than this are forgotten (and their rows dropped). */
const FAILURE_MEMORY = sql`interval '24 hours'`;

/** Seconds an account name stays locked after its `failures`-th failure in a row. */
export function lockSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_SECONDS, 2 ** (failures - FREE_FAILURES - 1));
}

/** Seconds until the account name may be tried again from an unknown browser (0: now). */
export async function lockedFor(db: Db, emailKey: string): Promise<number> {
  const result = await db.execute(sql`
    select ceil(extract(epoch from locked_until - now()))::int as seconds
    from sign_in_throttle
    where email_key = ${emailKey} and locked_until > now()`);
  const [row] = rowsOf<{ seconds: number }>(result);
  return row ? Math.max(1, row.seconds) : 0;
}

/**
 * Counts one failure in one statement (so concurrent failures on several instances all count)
 * and locks the name for `lockSeconds` of the new count. Returns that count.
 */
export async function recordFailure(db: Db, emailKey: string): Promise<number> {
  const count = sql`case when sign_in_throttle.last_failure_at < now() - ${FAILURE_MEMORY}
    then 1 else sign_in_throttle.failures + 1 end`;
  const result = await db.execute(sql`
    insert into sign_in_throttle (email_key, failures, last_failure_at, locked_until)
    values (${emailKey}, 1, now(), null)
    on conflict (email_key) do update set
      failures = ${count},
      last_failure_at = now(),
      locked_until = case when ${count} <= ${FREE_FAILURES} then null
        else now() + make_interval(secs => least(${MAX_LOCK_SECONDS}, power(2, ${count} - ${FREE_FAILURES} - 1)))
      end
    returning failures`);
  // Names tried once and never again must not pile up.
  await db.execute(
    sql`delete from sign_in_throttle where last_failure_at < now() - ${FAILURE_MEMORY}`,
  );
  const [row] = rowsOf<{ failures: number }>(result);
  return row?.failures ?? 1;
}

/** Forgets the failures of an account name (after a successful sign-in). */
export async function clearFailures(db: Db, emailKey: string): Promise<void> {
  await db.execute(sql`delete from sign_in_throttle where email_key = ${emailKey}`);
}

export const KNOWN_DEVICE_COOKIE = 'teamshuffle.known_device';
/** How many accounts one browser remembers having signed in to. */
const KNOWN_DEVICE_ACCOUNTS = 5;
const KNOWN_DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** The remembered accounts of a browser, and how to update them, signed with the app's secret. */
export function knownDevices(secret: string) {
  const keyOf = (emailKey: string) =>
    createHmac('sha256', secret)
      .update(`known-device:${emailKey}`)
      .digest('base64url')
      .slice(0, 22);
  const sign = (keys: string) =>
    createHmac('sha256', secret).update(`known-devices:${keys}`).digest('base64url');

  const read = (cookieHeader: string | undefined): string[] => {
    const value = readCookie(cookieHeader, KNOWN_DEVICE_COOKIE);
    const dot = value?.lastIndexOf('.') ?? -1;
    if (!value || dot < 1) return [];
    const keys = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(sign(keys));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
    return keys.split('~').filter(Boolean);
  };

  return {
    /** Whether this browser has signed in to the account before. */
    isKnown: (cookieHeader: string | undefined, emailKey: string) =>
      read(cookieHeader).includes(keyOf(emailKey)),
    /** The Set-Cookie value that adds the account to the browser's remembered ones. */
    remember: (cookieHeader: string | undefined, emailKey: string, isSecure: boolean) => {
      const key = keyOf(emailKey);
      const keys = [key, ...read(cookieHeader).filter((other) => other !== key)]
        .slice(0, KNOWN_DEVICE_ACCOUNTS)
        .join('~');
      const attributes = `Path=/api/auth; Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`;
      return `${KNOWN_DEVICE_COOKIE}=${keys}.${sign(keys)}; ${attributes}`;
    },
  };
}
