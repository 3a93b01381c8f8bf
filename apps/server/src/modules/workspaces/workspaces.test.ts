// Every workspace action, for every role that must be refused: anonymous, a stranger (another
// user), a viewer (a stranger on a public workspace), a member, a leader and the owner.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../../test/client.ts';
import { buildSnapshot, type WorkspaceDetailBody as Detail } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { teams, workspaces } from './workspaces.table.ts';
import { rowsOf } from '../../db/rows.ts';

describe('workspace permissions', () => {
  let t: TestApp;
  let origin: string;
  let owner: TestClient;
  let leader: TestClient;
  let member: TestClient;
  let stranger: TestClient;
  let unverified: TestClient;
  let anonymous: TestClient;
  let leaderEmail: string;
  let memberEmail: string;
  let ws: Detail;
  const team = (n: number) => ws.teams.find((candidate) => candidate.number === n)!;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    origin = t.config.publicUrl;
    leaderEmail = uniqueEmail('leader');
    memberEmail = uniqueEmail('member');
    owner = (await buildUser(t.app, origin)).client;
    leader = (await buildUser(t.app, origin, { email: leaderEmail })).client;
    member = (await buildUser(t.app, origin, { email: memberEmail })).client;
    stranger = (await buildUser(t.app, origin)).client;
    unverified = (await buildUser(t.app, origin, { verified: false })).client;
    anonymous = new TestClient(t.app, origin);
  });
  afterAll(async () => {
    await t.close();
  });

  // A fresh workspace for each test: team 1 = m1 (leader), m3 (member), m5; team 2 = m2, m4, m6.
  beforeEach(async () => {
    const created = await owner.post('/api/workspaces', {
      title: `Course ${Math.random()}`,
      snapshot: buildSnapshot(6, 2),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().workspace.id as string;
    ws = (await owner.get(`/api/workspaces/${id}`)).json();
    const [m1, m3] = team(1).memberIds;
    expect(
      (
        await owner.request('PUT', `/api/workspaces/${id}/teams/${team(1).id}/leader`, {
          memberId: m1,
        })
      ).statusCode,
    ).toBe(200);
    const leaderSave = await owner.request('PUT', `/api/workspaces/${id}/leader-emails`, {
      entries: [{ teamId: team(1).id, email: leaderEmail.toUpperCase() }],
    });
    expect(leaderSave.json()).toEqual({ added: 1, removed: 0, isChanged: true });
    const memberSave = await owner.request(
      'PUT',
      `/api/workspaces/${id}/teams/${team(1).id}/member-emails`,
      {
        entries: [{ memberId: m3, email: ` ${memberEmail} ` }],
      },
    );
    expect(memberSave.json()).toEqual({ added: 1, removed: 0, isChanged: true });
    ws = (await owner.get(`/api/workspaces/${id}`)).json();
  });

  const url = (suffix = '') => `/api/workspaces/${ws.id}${suffix}`;
  const title = async () =>
    (await t.app.db.select().from(workspaces).where(eq(workspaces.id, ws.id)))[0]?.title;

  describe('read', () => {
    it('resolves owner, leader and member by verified e-mail and shows them e-mails', async () => {
      for (const [client, role] of [
        [owner, 'owner'],
        [leader, 'leader'],
        [member, 'member'],
      ] as const) {
        const response = await client.get(url());
        expect(response.statusCode).toBe(200);
        const detail = response.json<Detail>();
        expect(detail.role).toBe(role);
        expect(detail.members.find((m) => m.id === team(1).memberIds[0])).toMatchObject({
          email: leaderEmail,
          isVerified: true,
          isLeader: true,
        });
      }
    });

    it('answers strangers and anonymous visitors of a private workspace like a missing one', async () => {
      for (const client of [stranger, anonymous]) {
        const response = await client.get(url());
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: 'workspace_not_found',
          message: 'Workspace not found',
        });
      }
      const missing = await owner.get('/api/workspaces/00000000-0000-4000-8000-000000000000');
      expect(missing.json()).toEqual({
        error: 'workspace_not_found',
        message: 'Workspace not found',
      });
    });

    it('refuses a signed-in user whose e-mail is not verified (the gate)', async () => {
      const response = await unverified.get(url());
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('email_not_verified');
    });

    it('makes strangers and anonymous visitors viewers of a public workspace, without e-mails', async () => {
      expect((await owner.request('PATCH', url(), { isPublic: true })).statusCode).toBe(204);
      for (const client of [stranger, anonymous]) {
        const detail = (await client.get(url())).json<Detail>();
        expect(detail.role).toBe('viewer');
        expect(detail.members.every((m) => m.email === null)).toBe(true);
        expect(JSON.stringify(detail)).not.toContain(leaderEmail);
      }
      // A member of a public workspace keeps the member role.
      expect((await member.get(url())).json<Detail>().role).toBe('member');
    });

    it('finds a workspace by its slug, and by the slug followed by a dash and more', async () => {
      expect(
        (await owner.get(`/api/workspaces/by-slug/${encodeURIComponent(ws.slug)}`)).json<Detail>()
          .id,
      ).toBe(ws.id);
      expect(
        (
          await owner.get(`/api/workspaces/by-slug/${encodeURIComponent(`${ws.slug}-extra`)}`)
        ).json<Detail>().id,
      ).toBe(ws.id);
      expect(
        (await stranger.get(`/api/workspaces/by-slug/${encodeURIComponent(ws.slug)}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('rename', () => {
    it('lets the owner rename, refuses the same name, and refuses every other role', async () => {
      expect((await owner.request('PATCH', url(), { title: ws.title })).statusCode).toBe(422);
      for (const [client, status] of [
        [leader, 403],
        [member, 403],
        [stranger, 404],
        [anonymous, 401],
      ] as const) {
        expect((await client.request('PATCH', url(), { title: 'Hijacked' })).statusCode).toBe(
          status,
        );
      }
      expect(await title()).toBe(ws.title);
      expect((await owner.request('PATCH', url(), { title: '  Renamed  ' })).statusCode).toBe(204);
      expect(await title()).toBe('Renamed');
    });
  });

  describe('visibility', () => {
    it('is the owner’s alone; members get the spec’s message', async () => {
      const refused = await member.request('PATCH', url(), { isPublic: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'visibility_owner_only',
        message: 'Only workspace owners can change visibility settings',
      });
      expect((await leader.request('PATCH', url(), { isPublic: true })).statusCode).toBe(403);
      expect((await stranger.request('PATCH', url(), { isPublic: true })).statusCode).toBe(404);
      expect((await anonymous.get(url())).statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('refuses everyone but the owner, then deletes everything', async () => {
      for (const [client, status] of [
        [leader, 403],
        [member, 403],
        [stranger, 404],
        [anonymous, 401],
      ] as const) {
        expect((await client.request('DELETE', url())).statusCode).toBe(status);
      }
      expect((await owner.get(url())).statusCode).toBe(200);
      expect((await owner.request('DELETE', url())).statusCode).toBe(204);
      expect((await owner.get(url())).statusCode).toBe(404);
      expect(await t.app.db.select().from(teams).where(eq(teams.workspaceId, ws.id))).toEqual([]);
    });
  });

  describe('change leader', () => {
    it('is the owner’s, only to a member of that team, and null removes the leader', async () => {
      const target = url(`/teams/${team(2).id}/leader`);
      for (const [client, status] of [
        [leader, 403],
        [member, 403],
        [stranger, 404],
      ] as const) {
        expect(
          (await client.request('PUT', target, { memberId: team(2).memberIds[0] })).statusCode,
        ).toBe(status);
      }
      const outsider = await owner.request('PUT', target, { memberId: team(1).memberIds[1] });
      expect(outsider.statusCode).toBe(422);
      const set = await owner.request('PUT', target, { memberId: team(2).memberIds[1] });
      const newLeader = ws.members.find((m) => m.id === team(2).memberIds[1])!;
      expect(set.json()).toEqual({ teamNumber: 2, leaderName: newLeader.name });
      const cleared = await owner.request('PUT', target, { memberId: null });
      expect(cleared.json()).toEqual({ teamNumber: 2, leaderName: null });
    });

    it('keeps both of two simultaneous changes to two different teams', async () => {
      const ownerTab2 = owner;
      await Promise.all([
        owner.request('PUT', url(`/teams/${team(1).id}/leader`), {
          memberId: team(1).memberIds[2],
        }),
        ownerTab2.request('PUT', url(`/teams/${team(2).id}/leader`), {
          memberId: team(2).memberIds[2],
        }),
      ]);
      const detail = (await owner.get(url())).json<Detail>();
      expect(detail.teams.map((candidate) => candidate.leaderMemberId)).toEqual([
        team(1).memberIds[2],
        team(2).memberIds[2],
      ]);
    });
  });

  describe('leader e-mails', () => {
    it('are set by the owner only, with added/removed counts, and need a chosen leader', async () => {
      const body = { entries: [{ teamId: team(1).id, email: uniqueEmail('new-leader') }] };
      for (const [client, status] of [
        [leader, 403],
        [member, 403],
        [stranger, 404],
      ] as const) {
        expect((await client.request('PUT', url('/leader-emails'), body)).statusCode).toBe(status);
      }
      const unchanged = await owner.request('PUT', url('/leader-emails'), {
        entries: [{ teamId: team(1).id, email: ` ${leaderEmail.toUpperCase()} ` }],
      });
      expect(unchanged.json()).toEqual({ added: 0, removed: 0, isChanged: false });
      const noLeader = await owner.request('PUT', url('/leader-emails'), {
        entries: [{ teamId: team(2).id, email: uniqueEmail() }],
      });
      expect(noLeader.statusCode).toBe(422);
      expect(noLeader.json().message).toBe('Choose a leader for Team 2 first.');
      const badEmail = await owner.request('PUT', url('/leader-emails'), {
        entries: [{ teamId: team(1).id, email: 'nope' }],
      });
      expect(badEmail.statusCode).toBe(400);
      const changed = await owner.request('PUT', url('/leader-emails'), body);
      expect(changed.json()).toEqual({ added: 1, removed: 1, isChanged: true });
      // The old leader e-mail no longer makes that user a leader.
      expect((await leader.get(url())).statusCode).toBe(404);
    });
  });

  describe('team member e-mails', () => {
    it('are set by the owner for any team and by a member for their own team only', async () => {
      const team2 = url(`/teams/${team(2).id}/member-emails`);
      const team1 = url(`/teams/${team(1).id}/member-emails`);
      const entry = (memberId: string) => ({ entries: [{ memberId, email: uniqueEmail('x') }] });
      expect((await member.request('PUT', team2, entry(team(2).memberIds[0]!))).statusCode).toBe(
        403,
      );
      expect((await stranger.request('PUT', team1, entry(team(1).memberIds[2]!))).statusCode).toBe(
        404,
      );
      expect((await anonymous.request('PUT', team1, entry(team(1).memberIds[2]!))).statusCode).toBe(
        401,
      );
      expect(
        (await member.request('PUT', team1, entry(team(1).memberIds[2]!))).json(),
      ).toMatchObject({ added: 1 });
      expect(
        (await owner.request('PUT', team2, entry(team(2).memberIds[0]!))).json(),
      ).toMatchObject({ added: 1 });
      // A member of another team's roster entry cannot be set through this team.
      expect((await owner.request('PUT', team1, entry(team(2).memberIds[1]!))).statusCode).toBe(
        422,
      );
    });

    it('leaves the leader’s e-mail to Settings and ignores unchanged rows', async () => {
      const team1 = url(`/teams/${team(1).id}/member-emails`);
      const leaderId = team(1).memberIds[0]!;
      const refused = await owner.request('PUT', team1, {
        entries: [{ memberId: leaderId, email: uniqueEmail() }],
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('Leader email set in Settings');
      const same = await owner.request('PUT', team1, {
        entries: [{ memberId: leaderId, email: leaderEmail }],
      });
      expect(same.json()).toEqual({ added: 0, removed: 0, isChanged: false });
    });

    it('refuses viewers of a public workspace', async () => {
      await owner.request('PATCH', url(), { isPublic: true });
      const response = await stranger.request('PUT', url(`/teams/${team(1).id}/member-emails`), {
        entries: [{ memberId: team(1).memberIds[2], email: uniqueEmail() }],
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('the list', () => {
    it('shows each user their workspaces with their role, and strangers nothing', async () => {
      const roleIn = async (client: TestClient) =>
        (await client.get('/api/workspaces'))
          .json<Array<{ id: string; role: string; memberCount: number; leaderCount: number }>>()
          .find((card) => card.id === ws.id);
      expect(await roleIn(owner)).toMatchObject({
        role: 'creator',
        memberCount: 6,
        leaderCount: 1,
      });
      expect(await roleIn(leader)).toMatchObject({ role: 'leader' });
      expect(await roleIn(member)).toMatchObject({ role: 'member' });
      expect(await roleIn(stranger)).toBeUndefined();
      expect(await roleIn(anonymous)).toBeUndefined();
      await owner.request('PATCH', url(), { isPublic: true });
      expect(await roleIn(anonymous)).toMatchObject({ role: 'viewer' });
    });

    it("shows another user's workspaces only where the caller has access", async () => {
      const other = await buildUser(t.app, origin);
      const created = await other.client.post('/api/workspaces', {
        title: 'Private course',
        snapshot: buildSnapshot(4, 2),
      });
      const otherWs = (
        await other.client.get(`/api/workspaces/${created.json().workspace.id}`)
      ).json<Detail>();
      const someone = otherWs.teams[0]!.memberIds[0]!;
      await other.client.request(
        'PUT',
        `/api/workspaces/${otherWs.id}/teams/${otherWs.teams[0]!.id}/member-emails`,
        {
          entries: [{ memberId: someone, email: memberEmail }],
        },
      );
      const asMember = await member.get(`/api/workspaces?user=${other.id}`);
      expect(asMember.statusCode).toBe(200);
      expect(
        asMember.json().map((card: { id: string; role: string }) => [card.id, card.role]),
      ).toEqual([[otherWs.id, 'creator']]);
      for (const client of [stranger, anonymous]) {
        const refused = await client.get(`/api/workspaces?user=${other.id}`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(
          "You do not have permission to view this user's teams.",
        );
      }
      // Once public, a stranger may see it listed (a viewer), an anonymous visitor still may not.
      await other.client.request('PATCH', `/api/workspaces/${otherWs.id}`, { isPublic: true });
      expect((await stranger.get(`/api/workspaces?user=${other.id}`)).statusCode).toBe(200);
      expect((await anonymous.get(`/api/workspaces?user=${other.id}`)).statusCode).toBe(403);
    });

    it('keeps each user’s numbering on the server, for their accessible workspaces only', async () => {
      expect(
        (
          await member.request('PUT', '/api/workspaces/order', {
            items: [{ workspaceId: ws.id, teamNumber: 7 }],
          })
        ).statusCode,
      ).toBe(204);
      const card = (await member.get('/api/workspaces'))
        .json()
        .find((c: { id: string }) => c.id === ws.id);
      expect(card).toMatchObject({ teamNumber: 7, displayOrder: 6 });
      const ownerCard = (await owner.get('/api/workspaces'))
        .json()
        .find((c: { id: string }) => c.id === ws.id);
      expect(ownerCard.teamNumber).not.toBe(7);
      expect(
        (
          await stranger.request('PUT', '/api/workspaces/order', {
            items: [{ workspaceId: ws.id, teamNumber: 1 }],
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await member.request('PUT', '/api/workspaces/order', {
            items: [{ workspaceId: ws.id, teamNumber: 0 }],
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('preferences', () => {
    it('default to week-asc and keep a valid choice', async () => {
      // The language the account signed in from (the test's requests name none: English).
      expect((await stranger.get('/api/preferences')).json()).toEqual({
        lectureNoteSortOrder: 'week-asc',
        emailNotifications: false,
        reminderMail: 'none',
        language: 'en',
      });
      expect(
        (
          await stranger.request('PUT', '/api/preferences', {
            lectureNoteSortOrder: 'created-desc',
          })
        ).statusCode,
      ).toBe(200);
      expect((await stranger.get('/api/preferences')).json()).toEqual({
        lectureNoteSortOrder: 'created-desc',
        emailNotifications: false,
        reminderMail: 'none',
        language: 'en',
      });
      // The e-mail choice changes alone, and the sort order stays.
      const mail = await stranger.request('PUT', '/api/preferences', { emailNotifications: true });
      expect(mail.json()).toEqual({
        lectureNoteSortOrder: 'created-desc',
        emailNotifications: true,
        reminderMail: 'none',
        language: 'en',
      });
      expect((await stranger.request('PUT', '/api/preferences', {})).statusCode).toBe(400);
      expect(
        (await stranger.request('PUT', '/api/preferences', { lectureNoteSortOrder: 'random' }))
          .statusCode,
      ).toBe(400);
      expect((await anonymous.get('/api/preferences')).statusCode).toBe(401);
    });

    it('remember the language the account signs in from, and the one its app changes to (decision 0041)', async () => {
      const account = await buildUser(t.app, origin);
      const language = async (client: TestClient) =>
        (await client.get('/api/preferences')).json<{ language: string | null }>().language;
      const signIn = async (headers: Record<string, string>) => {
        const client = new TestClient(t.app, origin);
        const signedIn = await client.request(
          'POST',
          '/api/auth/sign-in/email',
          { email: account.email, password: account.password },
          headers,
        );
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        return client;
      };
      const stored = async () => {
        const [row] = rowsOf<{ language: string | null; updatedAt: string }>(
          await t.app.db.execute(
            sql`select language, updated_at::text as "updatedAt" from user_preferences
              where user_id = ${account.id}`,
          ),
        );
        return row!;
      };
      // A sign-in from an app shown in Korean (its language cookie): chosen, so it is stored.
      const korean = await signIn({ cookie: 'language=ko' });
      expect(await language(korean)).toBe('ko');
      // A browser's guess (no cookie, as a mail link opened elsewhere) keeps a chosen language.
      await signIn({ 'accept-language': 'en-US,en;q=0.9' });
      expect(await language(korean)).toBe('ko');
      // The same language again changes nothing, not even the row's time.
      const before = await stored();
      await signIn({ cookie: 'language=ko' });
      expect(await stored()).toEqual(before);
      // An unknown language is filled in by a browser's guess.
      await t.app.db.execute(
        sql`update user_preferences set language = null where user_id = ${account.id}`,
      );
      await signIn({ 'accept-language': 'ko-KR,ko;q=0.9' });
      expect((await stored()).language).toBe('ko');
      // The app changes its language: the account follows; the other preferences stay.
      const changed = await korean.request('PUT', '/api/preferences', { language: 'en' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ language: 'en', reminderMail: 'none' });
      expect(await language(korean)).toBe('en');
      for (const bad of ['fr', 'KO', 1, '', null]) {
        const refused = await korean.request('PUT', '/api/preferences', { language: bad });
        expect(refused.statusCode).toBe(400);
      }
      expect(await language(korean)).toBe('en');
    });
  });
});
