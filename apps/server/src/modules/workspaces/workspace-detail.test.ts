// The detail page is served from a cache keyed by workspaces.detail_version, which database
// triggers bump in the writing transaction. These tests check that every change the page shows
// reaches the next read, on one instance and (on PostgreSQL) across two.
import { workspaceDetail } from '@teamshuffle/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../../test/client.ts';
import { buildSnapshot, type WorkspaceDetailBody as Detail } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { session, user } from '../users/users.table.ts';
import { accountDetailVersion, workspaceMembers, workspaces } from './workspaces.table.ts';

describe('the workspace detail after changes', () => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    owner = (await buildUser(t.app, t.config.publicUrl)).client;
  });
  afterAll(async () => {
    await t.close();
  });

  async function newWorkspace(client = owner): Promise<Detail> {
    const created = await client.post('/api/workspaces', {
      title: `Course ${Math.random()}`,
      snapshot: buildSnapshot(6, 2),
    });
    expect(created.statusCode).toBe(201);
    return read(created.json().workspace.id as string, client);
  }
  async function read(id: string, client = owner): Promise<Detail> {
    const response = await client.get(`/api/workspaces/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // The bytes come from the detail cache, not the serializer: they must still be the contract,
    // exactly (parsing would drop a field the schema does not know, and fail on a wrong one).
    const body = response.json<Detail>();
    expect(workspaceDetail.parse(body)).toEqual(body);
    return body;
  }
  async function accountsVersion(): Promise<number> {
    const [row] = await t.app.db.select().from(accountDetailVersion);
    return row!.version;
  }
  async function version(id: string): Promise<number> {
    const [row] = await t.app.db
      .select({ version: workspaces.detailVersion })
      .from(workspaces)
      .where(eq(workspaces.id, id));
    return row!.version;
  }

  it('shows a new leader and new member e-mails at the next read', async () => {
    const ws = await newWorkspace();
    const [team1] = ws.teams;
    const [first, second] = team1!.memberIds;
    const base = `/api/workspaces/${ws.id}/teams/${team1!.id}`;
    expect((await owner.request('PUT', `${base}/leader`, { memberId: first })).statusCode).toBe(
      200,
    );
    expect((await read(ws.id)).teams[0]!.leaderMemberId).toBe(first);
    expect((await owner.request('PUT', `${base}/leader`, { memberId: second })).statusCode).toBe(
      200,
    );
    let detail = await read(ws.id);
    expect(detail.teams[0]!.leaderMemberId).toBe(second);
    expect(detail.members.find((member) => member.id === second)!.isLeader).toBe(true);
    expect(detail.members.find((member) => member.id === first)!.isLeader).toBe(false);

    const email = uniqueEmail('roster');
    const saved = await owner.request('PUT', `${base}/member-emails`, {
      entries: [{ memberId: first, email }],
    });
    expect(saved.statusCode).toBe(200);
    detail = await read(ws.id);
    expect(detail.members.find((member) => member.id === first)!.email).toBe(email);
  });

  it('follows the account behind a roster e-mail: verified, photo, deleted', async () => {
    const ws = await newWorkspace();
    const memberId = ws.teams[1]!.memberIds[0]!;
    const email = uniqueEmail('student');
    await owner.request('PUT', `/api/workspaces/${ws.id}/teams/${ws.teams[1]!.id}/member-emails`, {
      entries: [{ memberId, email }],
    });
    const entry = async () => (await read(ws.id)).members.find((member) => member.id === memberId)!;
    expect(await entry()).toMatchObject({ email, isVerified: false, photoUrl: null });

    // Signing up with that address and verifying it: the page shows Verified at once.
    const student = await buildUser(t.app, t.config.publicUrl, { email });
    expect((await entry()).isVerified).toBe(true);

    await t.app.db
      .update(user)
      .set({ image: 'https://example.com/p.png' })
      .where(eq(user.id, student.id));
    expect((await entry()).photoUrl).toBe('https://example.com/p.png');

    const deleted = await student.client.request('DELETE', '/api/me', {
      confirmation: 'DELETE',
      password: student.password,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await entry()).toMatchObject({ isVerified: false, photoUrl: null });
  });

  it('bumps the version once for a statement over many rows, and not for account changes the page does not show', async () => {
    const ws = await newWorkspace();
    const before = await version(ws.id);
    await t.app.db
      .update(workspaceMembers)
      .set({ name: sql`${workspaceMembers.name} || '!'` })
      .where(eq(workspaceMembers.workspaceId, ws.id));
    expect(await version(ws.id)).toBe(before + 1);
    expect((await read(ws.id)).members.every((member) => member.name.endsWith('!'))).toBe(true);

    const other = await newWorkspace();
    const otherBefore = await version(other.id);
    const accountsBefore = await accountsVersion();
    await t.app.db.update(user).set({ lastLoginAt: new Date() });
    await buildUser(t.app, t.config.publicUrl, { verified: false });
    expect(await version(ws.id)).toBe(before + 1);
    expect(await version(other.id)).toBe(otherBefore);
    expect(await accountsVersion()).toBe(accountsBefore);
    const verified = await buildUser(t.app, t.config.publicUrl);
    expect(await accountsVersion()).toBe(accountsBefore + 1);
    // The course sections show people's names (issue 22): a verified account's new name counts.
    await t.app.db.update(user).set({ name: 'Renamed' }).where(eq(user.id, verified.id));
    expect(await accountsVersion()).toBe(accountsBefore + 2);
  });

  // Writers lock the workspace row before its other rows (the triggers bump it): concurrent
  // writes to one workspace wait for each other instead of deadlocking. Truly concurrent on
  // PostgreSQL; PGlite runs one transaction at a time.
  it('answers concurrent leader changes, e-mail saves and a delete of one workspace without an error', async () => {
    for (let round = 0; round < 5; round++) {
      const ws = await newWorkspace();
      const [team1, team2] = ws.teams;
      const base = `/api/workspaces/${ws.id}`;
      const [m1, m3, m5] = team1!.memberIds;
      const emails = (memberIds: string[]) => ({
        entries: memberIds.map((memberId) => ({ memberId, email: uniqueEmail('c') })),
      });
      const writes = await Promise.all([
        owner.request('PUT', `${base}/teams/${team1!.id}/leader`, { memberId: m1 }),
        owner.request('PUT', `${base}/teams/${team2!.id}/leader`, {
          memberId: team2!.memberIds[0],
        }),
        owner.request('PUT', `${base}/teams/${team1!.id}/member-emails`, emails([m3!, m5!])),
        owner.request('PUT', `${base}/teams/${team1!.id}/member-emails`, emails([m5!, m3!])),
        owner.request('DELETE', base),
      ]);
      const statuses = writes.map((response) => response.statusCode);
      expect(statuses.at(-1)).toBe(204);
      for (const status of statuses.slice(0, -1)) expect([200, 404]).toContain(status);
    }
  });

  it('the title and visibility come from the workspace row at every read', async () => {
    const ws = await newWorkspace();
    await read(ws.id);
    const renamed = await owner.request('PATCH', `/api/workspaces/${ws.id}`, {
      title: 'Renamed course',
      isPublic: true,
    });
    expect(renamed.statusCode).toBe(204);
    expect(await read(ws.id)).toMatchObject({ title: 'Renamed course', isPublic: true });
  });

  // GET /api/workspaces/:id reads the session in its own query: the same rules as every route.
  describe('the session rules on the detail read', () => {
    const day = 24 * 60 * 60 * 1000;

    it('renews a day-old session, and treats an expired one as a visitor', async () => {
      const reader = await buildUser(t.app, t.config.publicUrl);
      const ws = await newWorkspace(reader.client);
      await t.app.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() + 28 * day) })
        .where(eq(session.userId, reader.id));
      const renewed = await reader.client.get(`/api/workspaces/${ws.id}`);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().role).toBe('owner');
      expect(String(renewed.headers['set-cookie'])).toMatch(/teamshuffle\.session_token=/);

      await t.app.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.userId, reader.id));
      expect((await reader.client.get(`/api/workspaces/${ws.id}`)).statusCode).toBe(404);
      await t.app.db.update(workspaces).set({ isPublic: true }).where(eq(workspaces.id, ws.id));
      const asVisitor = await reader.client.get(`/api/workspaces/${ws.id}`);
      expect(asVisitor.statusCode).toBe(200);
      expect(asVisitor.json()).toMatchObject({ role: 'viewer', myMemberId: null });
      expect(asVisitor.json().members.every((m: { email: unknown }) => m.email === null)).toBe(
        true,
      );
    });

    it('signs a disabled account out everywhere and answers as to a visitor', async () => {
      const reader = await buildUser(t.app, t.config.publicUrl);
      const ws = await newWorkspace(reader.client);
      await t.app.db.update(user).set({ disabled: true }).where(eq(user.id, reader.id));
      expect((await reader.client.get(`/api/workspaces/${ws.id}`)).statusCode).toBe(404);
      expect(await t.app.db.select().from(session).where(eq(session.userId, reader.id))).toEqual(
        [],
      );
    });

    it('refuses an unverified account, and reads a forged or missing cookie as a visitor', async () => {
      const ws = await newWorkspace();
      await t.app.db.update(workspaces).set({ isPublic: true }).where(eq(workspaces.id, ws.id));
      const unverified = await buildUser(t.app, t.config.publicUrl, { verified: false });
      const refused = await unverified.client.get(`/api/workspaces/${ws.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('email_not_verified');
      expect((await unverified.client.get('/api/workspaces/not-a-uuid')).statusCode).toBe(403);

      const forged = new TestClient(t.app, t.config.publicUrl);
      for (const [name, value] of owner.cookies) {
        forged.cookies.set(name, value.replace(/\.[^.]*$/, '.AAAA'));
      }
      const asVisitor = await forged.get(`/api/workspaces/${ws.id}`);
      expect(asVisitor.statusCode).toBe(200);
      expect(asVisitor.json().role).toBe('viewer');
      const anonymous = await new TestClient(t.app, t.config.publicUrl).get(
        `/api/workspaces/${ws.id}`,
      );
      expect(anonymous.json().role).toBe('viewer');
      expect((await owner.get(`/api/workspaces/${ws.id}`)).json().role).toBe('owner');
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, an account verified while its address is being added to a roster shows as verified',
    async () => {
      // The account's change commits last, after a read cached the roster change without it.
      const ws = await newWorkspace();
      const memberId = ws.teams[0]!.memberIds[1]!;
      const email = uniqueEmail('racing');
      const student = await buildUser(t.app, t.config.publicUrl, { email, verified: false });
      const config = t.config.database;
      if (config.kind !== 'postgres') throw new Error('PostgreSQL only');
      const other = new pg.Client({ connectionString: config.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update "user" set email_verified = true where id = $1', [student.id]);
        const saved = await owner.request(
          'PUT',
          `/api/workspaces/${ws.id}/teams/${ws.teams[0]!.id}/member-emails`,
          { entries: [{ memberId, email }] },
        );
        expect(saved.statusCode).toBe(200);
        const entry = async () =>
          (await read(ws.id)).members.find((member) => member.id === memberId)!;
        expect(await entry()).toMatchObject({ email, isVerified: false });
        await other.query('commit');
        expect((await entry()).isVerified).toBe(true);
      } finally {
        await other.end();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, an instance serves a change made through another instance at its next read',
    async () => {
      const second = await t.anotherInstance();
      try {
        const ws = await newWorkspace();
        const viaSecond = new TestClient(second.app, t.config.publicUrl);
        for (const [name, value] of owner.cookies) viaSecond.cookies.set(name, value);
        const [team1] = ws.teams;
        expect((await read(ws.id, viaSecond)).teams[0]!.leaderMemberId).toBeNull();
        const changed = await owner.request(
          'PUT',
          `/api/workspaces/${ws.id}/teams/${team1!.id}/leader`,
          { memberId: team1!.memberIds[0] },
        );
        expect(changed.statusCode).toBe(200);
        expect((await read(ws.id, viaSecond)).teams[0]!.leaderMemberId).toBe(team1!.memberIds[0]);
      } finally {
        await second.close();
      }
    },
  );
});
