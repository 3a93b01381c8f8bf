// Issue 23, decision 0018: every bad upload body is a 400 that leaves nothing behind; the quota
// counts file bytes (not multipart framing), claims grow as the bytes stream, and the message's
// MB figure is rounded down; a dead instance's claims and uploads are collected by a live one
// within its collection period, and by the next instance at its start, never a live one's.
// On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Readable } from 'node:stream';
import { BYTES_PER_MB } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/client.ts';
import { addFileProbe } from '../../../test/file-probe.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileOf, multipartBody, type Part } from '../../../test/multipart.ts';
import { waitFor } from '../../../test/process.ts';
import { rowsOf } from '../../db/rows.ts';
import { instanceLeaseTimings } from '../../plugins/instance.ts';
import { megabytes } from './files.service.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('upload edges', () => {
  let t: TestApp;
  let origin: string;
  const previousProbeMax = process.env.PROBE_MAX_FILE_BYTES;

  beforeAll(async () => {
    // A file of a whole MB fits the probe route, so the quota (1 MB) is what refuses it.
    process.env.PROBE_MAX_FILE_BYTES = String(2 * BYTES_PER_MB);
    Object.assign(instanceLeaseTimings, { leaseMs: 2_000, renewEveryMs: 300, collectEveryMs: 200 });
    t = await createTestApp(
      {
        STORAGE_QUOTA_MB: '1',
        RATE_LIMIT_PER_MINUTE: '1000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      },
      addFileProbe,
    );
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    if (previousProbeMax === undefined) delete process.env.PROBE_MAX_FILE_BYTES;
    else process.env.PROBE_MAX_FILE_BYTES = previousProbeMax;
    await t?.close();
  });

  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number | string }>(await t.app.db.execute(query))[0]?.n ?? 0);
  const claimsOf = (userId: string) =>
    count(sql`select count(*)::int as n from storage_reservations where user_id = ${userId}`);
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const stored of t.app.storage.list()) keys.push(stored.key);
    return keys;
  };
  /** Charges `bytes` to the user as if they had stored them already. */
  const charge = (userId: string, bytes: number) =>
    t.app.db.execute(sql`
      insert into files (uploader_id, kind, original_name, size, content_type, sha256, storage_key)
      values (${userId}, 'probe', 'earlier.pdf', ${bytes}, 'application/pdf', 'x', ${randomUUID()})`);

  /** Sends the body as it is; `withLength: false` streams it without a Content-Length. */
  const send = (
    user: User,
    body: { payload: Buffer; headers: Record<string, string> },
    withLength = true,
  ) => {
    const headers: Record<string, string> = {
      'content-type': body.headers['content-type']!,
      cookie: user.client.cookieHeader(),
      origin,
    };
    if (withLength) headers['content-length'] = String(body.payload.length);
    return t.app.inject({
      method: 'POST',
      url: '/api/test/files',
      headers,
      payload: withLength ? body.payload : Readable.from([body.payload]),
    });
  };
  const pdf = (size: number, filename = 'work.pdf'): Part => ({
    name: 'files',
    filename,
    data: fileOf('pdf', size),
  });

  describe('every bad body is a 400', () => {
    it('answers a multipart body that ends before its closing boundary with 400 and keeps nothing', async () => {
      const user = await buildUser(t.app, origin);
      const keysBefore = (await storedKeys()).length;
      const whole = multipartBody([pdf(300_000)]);
      const closing = whole.payload.lastIndexOf(Buffer.from('\r\n--'));
      for (const cut of [closing, Math.floor(whole.payload.length / 2), 40]) {
        const truncated = { ...whole, payload: whole.payload.subarray(0, cut) };
        for (const withLength of [true, false]) {
          const response = await send(user, truncated, withLength);
          expect(response.statusCode, `cut at ${cut}, length ${withLength}`).toBe(400);
          expect(response.json()).toEqual({
            error: 'upload_malformed',
            message:
              'The upload was cut off or is not valid multipart/form-data. Please try again.',
          });
        }
      }
      expect(await claimsOf(user.id)).toBe(0);
      expect(await count(sql`select count(*)::int as n from inflight_uploads`)).toBe(0);
      expect((await storedKeys()).length).toBe(keysBefore);
      expect((await user.client.get('/api/me/storage')).json().usedBytes).toBe(0);
    });

    it('answers a body that is not multipart at all, under a multipart type, with a 4xx error', async () => {
      const user = await buildUser(t.app, origin);
      for (const [type, text] of [
        ['multipart/form-data; boundary=abc', 'not a multipart body at all'],
        ['multipart/form-data; boundary=abc', '--abc\r\nno headers end here'],
        ['multipart/form-data', '--x\r\n\r\n--x--\r\n'],
      ] as const) {
        const response = await send(user, {
          payload: Buffer.from(text),
          headers: { 'content-type': type },
        });
        expect(response.statusCode, `${type}: ${text}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().error).toMatch(
          /^(upload_malformed|unsupported_media_type|files_required)$/,
        );
      }
      expect(await claimsOf(user.id)).toBe(0);
    });
  });

  describe('quota counts file bytes', () => {
    it('rounds the MB figure down', () => {
      expect(megabytes(5 * BYTES_PER_MB)).toBe('5');
      expect(megabytes(5 * BYTES_PER_MB - 1)).toBe('4.9');
      expect(megabytes(0.15 * BYTES_PER_MB)).toBe('0.1');
      expect(megabytes(-3)).toBe('0');
    });

    it('accepts a file of exactly the remaining bytes and refuses one byte more', async () => {
      for (const withLength of [true, false]) {
        const exact = await buildUser(t.app, origin);
        await charge(exact.id, BYTES_PER_MB - 150_000);
        const fits = await send(exact, multipartBody([pdf(150_000)]), withLength);
        expect(fits.statusCode, `length ${withLength}`).toBe(201);
        expect((await exact.client.get('/api/me/storage')).json().usedBytes).toBe(BYTES_PER_MB);

        const over = await buildUser(t.app, origin);
        await charge(over.id, BYTES_PER_MB - 150_000 + 1);
        const refused = await send(over, multipartBody([pdf(150_000)]), withLength);
        expect(refused.statusCode).toBe(413);
        expect(refused.json()).toMatchObject({
          error: 'storage_limit_exceeded',
          message: 'Storage limit exceeded. You have 0.1MB remaining.',
        });
        expect(await claimsOf(over.id)).toBe(0);
        expect(await claimsOf(exact.id)).toBe(0);
      }
    });

    it('never says "1MB remaining" when it refuses a 1 MB file', async () => {
      const user = await buildUser(t.app, origin);
      await charge(user.id, 1);
      const response = await send(user, multipartBody([pdf(BYTES_PER_MB)]));
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('Storage limit exceeded. You have 0.9MB remaining.');
      // Without the byte already stored the same file fits.
      const other = await buildUser(t.app, origin);
      expect((await send(other, multipartBody([pdf(BYTES_PER_MB)]))).statusCode).toBe(201);
    });

    it('lets two parallel uploads of one user without Content-Length both through when both fit', async () => {
      const user = await buildUser(t.app, origin);
      const [first, second] = await Promise.all([
        send(user, multipartBody([pdf(450_000, 'a.pdf')]), false),
        send(user, multipartBody([pdf(450_000, 'b.pdf')]), false),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect((await user.client.get('/api/me/storage')).json().usedBytes).toBe(900_000);
      // Together they may never pass the quota: two more of them cannot both fit.
      const again = await Promise.all([
        send(user, multipartBody([pdf(100_000, 'c.pdf')]), false),
        send(user, multipartBody([pdf(100_000, 'd.pdf')]), false),
      ]);
      expect(again.map((response) => response.statusCode).sort()).toEqual([201, 413]);
      expect((await user.client.get('/api/me/storage')).json().usedBytes).toBe(1_000_000);
      expect(await claimsOf(user.id)).toBe(0);
    });
  });

  describe('restart cleans up at once', () => {
    /**
     * What an instance that died mid-upload leaves: its lease row, a claim, stored bytes. The
     * bytes are written first: the live instance collects every 200 ms, and a collection between
     * naming the key and writing its bytes would clear the name and leave the bytes unnamed.
     */
    async function leftoversOf(instanceId: string, leaseUntil: 'past' | 'future', userId: string) {
      const key = randomUUID();
      await t.app.storage.put(key, Readable.from([Buffer.from('half an upload')]));
      const lease =
        leaseUntil === 'past'
          ? sql`now() - interval '1 second'`
          : sql`now() + interval '10 minutes'`;
      await t.app.db.execute(
        sql`insert into server_instances (id, lease_until) values (${instanceId}, ${lease})`,
      );
      await t.app.db.execute(sql`
        insert into storage_reservations (user_id, bytes, expires_at, instance_id)
        values (${userId}, 600000, now() + interval '10 minutes', ${instanceId})`);
      await t.app.db.execute(
        sql`insert into inflight_uploads (storage_key, instance_id) values (${key}, ${instanceId})`,
      );
      return key;
    }
    const claimsOfInstance = (instanceId: string) =>
      count(
        sql`select count(*)::int as n from storage_reservations where instance_id = ${instanceId}`,
      );

    it("a live instance collects a dead instance's claims and bytes within its period, never a live one's", async () => {
      const user = await buildUser(t.app, origin);
      const dead = randomUUID();
      const live = randomUUID();
      const deadKey = await leftoversOf(dead, 'past', user.id);
      // Another live instance exists only on a shared database: PGlite is one process's, so there
      // every instance but the running one is dead.
      const isShared = t.app.dbDriver !== 'pglite';
      const liveKey = isShared ? await leftoversOf(live, 'future', user.id) : null;
      // Together the two claims hold 1.2 MB of the 1 MB quota.
      await waitFor(async () => (await claimsOfInstance(dead)) === 0, 15_000);
      await waitFor(async () => !(await storedKeys()).includes(deadKey), 15_000);
      expect(
        await count(sql`select count(*)::int as n from server_instances where id = ${dead}`),
      ).toBe(0);
      // The quota the dead claim held is free again: 0.6 MB claimed by the live one, 0.3 MB fits.
      expect((await send(user, multipartBody([pdf(300_000)]))).statusCode).toBe(201);
      if (!liveKey) return;
      // The live instance's claim, bytes and lease stay, whatever the collector runs.
      await t.app.files.collectDead();
      expect(await claimsOfInstance(live)).toBe(1);
      expect(await storedKeys()).toContain(liveKey);
      expect(
        await count(
          sql`select count(*)::int as n from inflight_uploads where storage_key = ${liveKey}`,
        ),
      ).toBe(1);

      // When the live one closes its lease too, its leftovers go.
      await t.app.db.execute(
        sql`update server_instances set lease_until = now() - interval '1 second' where id = ${live}`,
      );
      await waitFor(async () => (await claimsOfInstance(live)) === 0, 15_000);
      await waitFor(async () => !(await storedKeys()).includes(liveKey), 15_000);
    });

    it("this instance's own lease is renewed, and its own claims are not collected", async () => {
      const rows = {
        rows: rowsOf<{ n: number }>(
          await t.app.db.execute(
            sql`select count(*)::int as n from server_instances where lease_until > now()`,
          ),
        ),
      };
      expect(rows.rows[0]!.n).toBeGreaterThanOrEqual(1);
      // A slow upload of this instance keeps its claim across several collection periods.
      const user = await buildUser(t.app, origin);
      const body = multipartBody([pdf(200_000)]);
      const stream = new Readable({ read() {} });
      const pending = t.app.inject({
        method: 'POST',
        url: '/api/test/files',
        headers: {
          'content-type': body.headers['content-type']!,
          cookie: user.client.cookieHeader(),
          origin,
        },
        payload: stream,
      });
      stream.push(body.payload.subarray(0, 100_000));
      await waitFor(async () => (await claimsOf(user.id)) === 1, 15_000);
      const started = Date.now();
      // Wait out three collection periods (by the clock, as a condition on elapsed time and runs).
      let runs = 0;
      await waitFor(async () => {
        await t.app.files.collectDead();
        runs += 1;
        return runs >= 3 && Date.now() - started > 3 * instanceLeaseTimings.collectEveryMs;
      }, 15_000);
      expect(await claimsOf(user.id)).toBe(1);
      stream.push(body.payload.subarray(100_000));
      stream.push(null);
      expect((await pending).statusCode).toBe(201);
      expect(await claimsOf(user.id)).toBe(0);
    });

    it.runIf(process.env.TEST_DATABASE_URL)(
      'an instance restarted on the same host collects what a gone process left, whatever its lease says',
      async () => {
        const saved = { ...instanceLeaseTimings };
        Object.assign(instanceLeaseTimings, { collectEveryMs: 600_000 });
        const first = await createTestApp({ STORAGE_QUOTA_MB: '1' });
        try {
          const user = await buildUser(first.app, first.config.publicUrl);
          const rows = async (query: ReturnType<typeof sql>) =>
            Number(rowsOf<{ n: number }>(await first.app.db.execute(query))[0]?.n ?? 0);
          // A process that has exited (killed, say), one that runs (this one), and a gone
          // process on another host: all three with a lease that has ten minutes to go.
          const gonePid = spawnSync(process.execPath, ['-e', '']).pid;
          const instances = {
            gone: { id: randomUUID(), host: hostname(), pid: gonePid },
            running: { id: randomUUID(), host: hostname(), pid: process.pid },
            elsewhere: { id: randomUUID(), host: `not-${hostname()}`, pid: gonePid },
          };
          for (const { id, host, pid } of Object.values(instances)) {
            await first.app.db.execute(sql`
              insert into server_instances (id, lease_until, host, pid)
              values (${id}, now() + interval '10 minutes', ${host}, ${pid})`);
            await first.app.db.execute(sql`
              insert into storage_reservations (user_id, bytes, expires_at, instance_id)
              values (${user.id}, 100000, now() + interval '10 minutes', ${id})`);
          }
          const claimsOf = (id: string) =>
            rows(
              sql`select count(*)::int as n from storage_reservations where instance_id = ${id}`,
            );
          const next = await first.anotherInstance();
          try {
            await next.app.ready();
            expect(await claimsOf(instances.gone.id)).toBe(0);
            expect(await claimsOf(instances.running.id)).toBe(1);
            expect(await claimsOf(instances.elsewhere.id)).toBe(1);
          } finally {
            await next.close();
          }
        } finally {
          Object.assign(instanceLeaseTimings, saved);
          await first.close();
        }
      },
    );

    it.runIf(process.env.TEST_DATABASE_URL)(
      "the next instance to start collects a dead instance's leftovers at once",
      async () => {
        // Instances that collect only every 10 minutes: what goes, goes at the new one's start.
        const saved = { ...instanceLeaseTimings };
        Object.assign(instanceLeaseTimings, { collectEveryMs: 600_000 });
        const first = await createTestApp({ STORAGE_QUOTA_MB: '1' });
        try {
          const user = await buildUser(first.app, first.config.publicUrl);
          const dead = randomUUID();
          const rows = async (query: ReturnType<typeof sql>) =>
            Number(rowsOf<{ n: number }>(await first.app.db.execute(query))[0]?.n ?? 0);
          await first.app.db.execute(sql`
            insert into server_instances (id, lease_until) values (${dead}, now() - interval '1 second')`);
          await first.app.db.execute(sql`
            insert into storage_reservations (user_id, bytes, expires_at, instance_id)
            values (${user.id}, 900000, now() + interval '10 minutes', ${dead})`);
          await first.app.db.execute(sql`
            insert into inflight_uploads (storage_key, instance_id) values (${randomUUID()}, ${dead})`);
          expect(await rows(sql`select count(*)::int as n from storage_reservations`)).toBe(1);
          const next = await first.anotherInstance();
          try {
            await next.app.ready();
            expect(await rows(sql`select count(*)::int as n from storage_reservations`)).toBe(0);
            expect(await rows(sql`select count(*)::int as n from inflight_uploads`)).toBe(0);
            expect(
              await rows(sql`select count(*)::int as n from server_instances where id = ${dead}`),
            ).toBe(0);
            // Both live instances hold their leases.
            expect(
              await rows(
                sql`select count(*)::int as n from server_instances where lease_until > now()`,
              ),
            ).toBe(2);
          } finally {
            await next.close();
          }
        } finally {
          Object.assign(instanceLeaseTimings, saved);
          await first.close();
        }
      },
    );
  });
});
