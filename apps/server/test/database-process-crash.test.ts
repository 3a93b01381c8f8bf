// The embedded database's process killed under a running server (decision 0038): the server
// starts a new one on the same data folder and serves again, with what was committed, and says so
// in its log; it does not stay at 503 until someone restarts it. The real server, as `npm start`
// runs it (PGlite in its own process, on disk).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeWebFixture } from './helpers.ts';
import { freePort, type Running, start, waitFor, waitForHealth } from './process.ts';

/** The ids of `parent`'s child processes that run the database (Linux /proc). */
function databaseProcesses(parent: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || Number(fields[1]) !== parent) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('pglite-process.child')) {
        found.push(Number(entry));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')(
  'the database process killed',
  { timeout: 300_000 },
  () => {
    const temp = makeTempDir();
    let running: Running | undefined;
    afterAll(async () => {
      running?.child.kill('SIGKILL');
      await running?.exited;
      temp.remove();
    });

    it('is started again by the server, which serves what was committed and pushes live again', async () => {
      const port = await freePort();
      const stamp = Date.now().toString(36);
      const adminEmail = `crash-admin-${stamp}@example.com`;
      running = start({
        PORT: String(port),
        DATA_DIR: path.join(temp.dir, 'data'),
        WEB_DIST_DIR: writeWebFixture(temp.dir),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        ADMIN_EMAILS: adminEmail,
      });
      await waitForHealth(port);
      const base = `http://127.0.0.1:${port}`;
      const server = running.child.pid!;
      const signUp = async (email: string) => {
        const response = await fetch(`${base}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ name: 'Crash Test', email, password: 'secret-pass-1' }),
        });
        expect(response.status).toBe(200);
      };
      /** Verifies `email` through the dev outbox's link; the session cookie. */
      const verify = async (email: string) => {
        const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as Array<{
          to: string;
          link: string;
        }>;
        const link = outbox.find((message) => message.to === email)?.link;
        expect(link).toBeDefined();
        const verified = await fetch(link!, { redirect: 'manual' });
        return verified.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
      };

      // Before the crash: an administrator with the live stream open, as an open tab has it,
      // and an account committed but not yet verified.
      await signUp(adminEmail);
      const adminCookie = await verify(adminEmail);
      const streams = new AbortController();
      const events = await fetch(`${base}/api/events`, {
        headers: { cookie: adminCookie },
        signal: streams.signal,
      });
      expect(events.status).toBe(200);
      let received = '';
      const reading = (async () => {
        const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          received += value;
        }
      })().catch(() => {});
      const email = `crash-${stamp}@example.com`;
      await signUp(email);

      const [first] = databaseProcesses(server);
      expect(first).toBeDefined();
      process.kill(first!, 'SIGKILL');

      // Serving again, from a new database process (the only one).
      await waitFor(async () => {
        const [next] = databaseProcesses(server);
        if (next === undefined || next === first) return false;
        const health = await fetch(`${base}/api/health`).catch(() => undefined);
        return health?.status === 200;
      }, 120_000);
      expect(databaseProcesses(server)).toHaveLength(1);
      // The log (its own pipe: it may come a moment after the answer).
      await waitFor(() => running!.output().includes('the database process started again'), 60_000);
      expect(running.output()).toContain('the database process stopped; starting it again');

      // What was committed is there: the account verifies and signs in.
      const cookie = await verify(email);
      const me = await fetch(`${base}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(email);

      // The stream opened before the crash hears what happens after it (listening again).
      const announced = await fetch(`${base}/api/admin/announcements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: adminCookie },
        body: JSON.stringify({ title: 'After the restart', message: 'Still live.' }),
      });
      expect(announced.status).toBe(201);
      await waitFor(() => received.includes('After the restart'), 60_000);
      expect(received).toMatch(/event: notification\ndata: .*After the restart/);
      streams.abort();
      await reading;

      // And it still ends cleanly, its database process with it.
      const [second] = databaseProcesses(server);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      await waitFor(() => {
        try {
          process.kill(second!, 0);
          return false;
        } catch {
          return true;
        }
      }, 60_000);
    });
  },
);
