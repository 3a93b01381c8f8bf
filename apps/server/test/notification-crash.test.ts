// kill -9 right after a 2xx loses no notification (issue 23, decision 0014): the real server
// process publishes a task to every member and is killed the moment it has answered 200, before
// or while it delivers; the next process on the same database delivers the rest, each once. On the
// embedded database, or on PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from './factories.ts';
import { makeTempDir, writeWebFixture } from './helpers.ts';
import { freePort, type Running, start, waitForHealth } from './process.ts';

/** A fresh PostgreSQL database for the processes (dropped by the returned function), or none. */
async function postgresDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { drop: async () => {} };
  const name = `teamshuffle_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A signed-in browser of one process: its session cookie and the calls it makes. */
class Browser {
  base: string;
  cookie = '';
  constructor(base: string) {
    this.base = base;
  }

  async call(method: string, url: string, body?: unknown) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: this.base }),
        cookie: this.cookie,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown> };
  }

  /** Signs up and verifies through the dev outbox; keeps the session cookie. */
  async signUp(name: string, email: string) {
    const signUp = await this.call('POST', '/api/auth/sign-up/email', {
      name,
      email,
      password: 'secret-pass-1',
    });
    expect(signUp.status).toBe(200);
    const outbox = (await (await fetch(`${this.base}/api/dev/outbox`)).json()) as Array<{
      to: string;
      link: string;
    }>;
    const link = outbox.find((message) => message.to === email)?.link;
    if (!link) throw new Error(`no verification mail for ${email}`);
    const verified = await fetch(link, { redirect: 'manual' });
    this.cookie = verified.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }
}

describe('notifications after kill -9', { timeout: 300_000 }, () => {
  const temp = makeTempDir();
  let running: Running | undefined;
  let drop = async () => {};
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    await drop();
    temp.remove();
  });

  it('a task published just before the process died reaches every member once, after a restart', async () => {
    const database = await postgresDatabase();
    drop = database.drop;
    const env = async () => ({
      PORT: String(await freePort()),
      DATA_DIR: path.join(temp.dir, 'data'),
      WEB_DIST_DIR: writeWebFixture(temp.dir),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    running = start(await env());
    await waitForHealth(running.port);
    const base = `http://127.0.0.1:${running.port}`;

    const stamp = Date.now().toString(36);
    const owner = new Browser(base);
    await owner.signUp('Owner', `crash-owner-${stamp}@example.com`);
    const members = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const browser = new Browser(base);
        const email = `crash-member-${i}-${stamp}@example.com`;
        await browser.signUp(`Member ${i}`, email);
        return { browser, email };
      }),
    );
    const created = await owner.call('POST', '/api/workspaces', {
      title: `Crash course ${stamp}`,
      snapshot: buildSnapshot(4, 2),
    });
    expect(created.status).toBe(201);
    const workspaceId = (created.json().workspace as { id: string }).id;
    const detail = (await owner.call('GET', `/api/workspaces/${workspaceId}`)).json() as {
      teams: Array<{ id: string; memberIds: string[] }>;
    };
    let next = 0;
    for (const team of detail.teams) {
      const saved = await owner.call(
        'PUT',
        `/api/workspaces/${workspaceId}/teams/${team.id}/member-emails`,
        {
          entries: team.memberIds.map((memberId) => ({ memberId, email: members[next++]!.email })),
        },
      );
      expect(saved.status).toBe(200);
    }
    const note = await owner.call('POST', `/api/workspaces/${workspaceId}/notes`, {
      title: 'Week 1',
      description: '',
      week: 1,
      date: null,
      task: {
        title: 'Survives the crash',
        description: '',
        deadline: null,
        maxFileSizeMb: 1,
        allowedTypes: ['pdf'],
        assignmentType: 'team',
      },
    });
    expect(note.status).toBe(201);
    const noteId = note.json().id as string;

    // The answer arrives, and the process dies at once, whatever it was delivering.
    const published = await owner.call('PATCH', `/api/workspaces/${workspaceId}/notes/${noteId}`, {
      isPublished: true,
    });
    running.child.kill('SIGKILL');
    expect(published.status).toBe(200);
    await running.exited;

    running = start(await env());
    await waitForHealth(running.port);
    const restarted = `http://127.0.0.1:${running.port}`;
    for (const { browser } of members) {
      browser.base = restarted;
      const tasks = async () =>
        (
          (await browser.call('GET', '/api/notifications')).json().items as Array<{
            title: string;
          }>
        ).filter((item) => item.title === 'New task: Survives the crash');
      // Delivered by the new process at its start (or after the dead one's lease lapsed).
      await expect.poll(async () => (await tasks()).length, { timeout: 60_000 }).toBe(1);
    }
    // Nothing arrives twice, however far the dead process had got.
    for (const { browser } of members) {
      const items = (await browser.call('GET', '/api/notifications')).json().items as Array<{
        title: string;
      }>;
      expect(items.filter((item) => item.title === 'New task: Survives the crash')).toHaveLength(1);
    }
    const ownerView = new Browser(restarted);
    ownerView.cookie = owner.cookie;
    const ownItems = (await ownerView.call('GET', '/api/notifications')).json().items as Array<{
      title: string;
    }>;
    expect(ownItems.some((item) => item.title.startsWith('New task'))).toBe(false);
  });
});
