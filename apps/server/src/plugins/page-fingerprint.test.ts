import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { type Course, buildCourse } from '../../test/course.ts';
import {
  createTestApp,
  makeTempDir,
  writeServerRenderFixture,
  type TestApp,
} from '../../test/helpers.ts';
import { waitFor } from '../../test/process.ts';
import { notifications } from '../modules/notifications/notifications.table.ts';
import { account, session, user } from '../modules/users/users.table.ts';
import { answersMatch, type PageFingerprint, workspaceIdAt } from './page-fingerprint.ts';

/**
 * A stand-in for the web build's renderer with the workspace page's first-screen data list
 * (apps/web/src/app/routes/workspace.data.ts: the session, the bell's counts, the workspace
 * detail, for every section address), rendering what it was answered: the visitor's name, the
 * bell's unread count, the workspace's title, the visitor's role and each team's leader.
 */
const RENDERER = `
export async function fetchPageData(url, transport) {
  const get = async (path) => {
    const response = await transport(path, { method: 'GET' });
    return response.ok ? response.json() : null;
  };
  const me = await get('/api/me');
  if (!me?.user) return null;
  // A visit held in its turn until the test lets it go (this part runs on the server's event
  // loop, the test's thread), then given the app: it frees its turn without a render.
  if (url.includes('held')) {
    globalThis.heldVisits = (globalThis.heldVisits ?? 0) + 1;
    await globalThis.heldGate;
    return null;
  }
  const id = decodeURIComponent(url.split('?')[0].split('/')[2]);
  const [counts, detail] = await Promise.all([
    get('/api/notifications/counts'),
    get('/api/workspaces/' + encodeURIComponent(id)),
  ]);
  if (!counts || !detail) return null;
  return { queries: [{ queryHash: 'page', state: { data: { me: me.user, counts, detail } } }] };
}
export async function renderPage(url, language, known) {
  const { me, counts, detail } = known.queries[0].state.data;
  const nameOf = (id) => detail.members.find((member) => member.id === id)?.name;
  const leaders = detail.teams.map((team) => team.number + ':' + nameOf(team.leaderMemberId)).join(',');
  return {
    markup: '<main><h1>' + me.displayName + '</h1><p>unread ' + counts.unread + '</p><p>title ' +
      detail.title + '</p><p>role ' + detail.role + '</p><p>leaders ' + leaders + '</p><p>' + url +
      '</p></main>',
    title: detail.title,
    queries: known,
  };
}
`;

const SECTIONS = ['', '/notes', '/notes/some-note', '/assignments', '/scores', '/members'];

describe('a repeat view of a workspace page is checked in one query (issue 22, decision 0013)', () => {
  let t: TestApp;
  let temp: { remove: () => void };
  let course: Course;
  let page: string;
  beforeAll(async () => {
    const made = makeTempDir();
    temp = made;
    t = await createTestApp({ WEB_DIST_DIR: writeServerRenderFixture(made.dir, RENDERER) });
    await waitFor(() => t.app.pageRenderer.stats().completed['loadRenderer'] === 1, 50_000);
    course = await buildCourse(t.app, t.config.publicUrl, { title: 'Algorithms' });
    page = `/workspace/${course.workspaceId}`;
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    temp.remove();
  });

  /** A view of `url` by `client`, with the API calls made on the server for it. */
  async function view(client: TestClient, url = page) {
    const inject = vi.spyOn(t.app, 'inject');
    try {
      const response = await client.get(url);
      // The client's own request is one; the rest are the renderer's API calls.
      const apiCalls = (inject.mock.calls as unknown as Array<[InjectOptions | string]>)
        .map(([options]) => (typeof options === 'string' ? options : options.url))
        .filter((url): url is string => typeof url === 'string' && url.startsWith('/api/'));
      return { response, body: response.body, apiCalls };
    } finally {
      inject.mockRestore();
    }
  }

  const renders = () => t.app.pageRenderer.stats().completed['renderSignedInPage'] ?? 0;

  it('sends a repeat view of every section address with no API call and no render', async () => {
    for (const section of SECTIONS) {
      const url = `${page}${section}`;
      const first = await view(course.owner, url);
      expect(first.body).toContain('<h1>Owner</h1><p>unread 0</p><p>title Algorithms</p>');
      expect(first.apiCalls.sort()).toEqual(
        ['/api/me', '/api/notifications/counts', `/api/workspaces/${course.workspaceId}`].sort(),
      );
      const rendered = renders();
      const again = await view(course.owner, url);
      expect(again.apiCalls).toEqual([]);
      expect(again.body).toBe(first.body);
      expect(renders()).toBe(rendered);
      expect(again.response.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('sends each visitor their own page, never another role’s', async () => {
    const leader = await view(course.leader);
    await view(course.leader);
    const member = await view(course.member);
    const memberAgain = await view(course.member);
    expect(leader.body).toContain('<h1>Leader One</h1>');
    expect(leader.body).toContain('role leader');
    expect(memberAgain.apiCalls).toEqual([]);
    expect(memberAgain.body).toBe(member.body);
    expect(member.body).toContain('<h1>Member One</h1>');
    expect(member.body).toContain('role member');
  });

  it('renders afresh after a new notification, and again without API calls after that', async () => {
    await view(course.member);
    const [made] = await t.app.db
      .insert(notifications)
      .values({ userId: course.ids.member, type: 'test', title: 'A new note' })
      .returning({ id: notifications.id });
    const fresh = await view(course.member);
    expect(fresh.apiCalls.length).toBeGreaterThan(0);
    expect(fresh.body).toContain('unread 1');
    expect((await view(course.member)).apiCalls).toEqual([]);
    // Read: the count goes back down.
    const read = await course.member.post(`/api/notifications/${made!.id}/read`);
    expect(read.statusCode).toBe(204);
    expect((await view(course.member)).body).toContain('unread 0');
  });

  it('renders afresh after the workspace is renamed', async () => {
    await view(course.member);
    await view(course.member);
    const renamed = await course.owner.request('PATCH', `/api/workspaces/${course.workspaceId}`, {
      title: 'Data Structures',
    });
    expect(renamed.statusCode).toBe(204);
    const fresh = await view(course.member);
    expect(fresh.apiCalls.length).toBeGreaterThan(0);
    expect(fresh.body).toContain('title Data Structures');
  });

  it("reads a first visit's page key in its turn, not on arrival: a change made while it waits is in its kept page", async () => {
    // Two first visits hold both turns; a third visitor's first visit waits for one.
    const held = globalThis as { heldVisits?: number; heldGate?: Promise<void> };
    let release!: () => void;
    held.heldVisits = 0;
    held.heldGate = new Promise<void>((resolve) => (release = resolve));
    const holding = [1, 2].map((n) => course.owner.get(`${page}?held=${n}`));
    try {
      await waitFor(() => held.heldVisits === 2, 30_000);
      const waiting = view(course.otherMember, `${page}/members?line=1`);
      await waitFor(() => t.app.pageFirstVisits.waiting === 1, 30_000);
      // The course changes while the visit waits: its page is rendered from the answers after
      // the change, and kept for the key read in its turn (read on arrival, the key before the
      // change would not match the one after the answers, and nothing would be kept).
      const renamed = await course.owner.request('PATCH', `/api/workspaces/${course.workspaceId}`, {
        title: 'Waiting in line',
      });
      expect(renamed.statusCode).toBe(204);
      release();
      await waiting;
      // Its render done (past the time limit on a slow machine it goes on after the app is sent,
      // and its page is kept all the same), the next view is that page, with no API call.
      await waitFor(
        () => t.app.pageFirstVisits.running === 0 && t.app.pageFirstVisits.waiting === 0,
        30_000,
      );
      const before = renders();
      const again = await view(course.otherMember, `${page}/members?line=1`);
      expect(again.apiCalls).toEqual([]);
      expect(again.body).toContain('title Waiting in line');
      expect(renders()).toBe(before);
    } finally {
      release();
      await Promise.all(holding);
    }
  });

  it("renders afresh after the course calendar's time zone changes (its dates are written in it)", async () => {
    await view(course.member);
    expect((await view(course.member)).apiCalls).toEqual([]);
    const changed = await course.owner.request(
      'PATCH',
      `/api/workspaces/${course.workspaceId}/calendar`,
      { timeZone: 'Europe/Berlin' },
    );
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const fresh = await view(course.member);
    expect(fresh.apiCalls.length).toBeGreaterThan(0);
  });

  it("renders afresh after a team's leader changes (the visitor's role with it)", async () => {
    const rosterName = (id: string | undefined) =>
      course.detail.members.find((member) => member.id === id)?.name;
    // Someone in the other team: their own facts do not change, only the workspace's detail.
    await view(course.otherMember);
    expect((await view(course.otherMember)).apiCalls).toEqual([]);
    const before = await view(course.member);
    expect(before.body).toContain(`leaders 1:${rosterName(course.team1.memberIds[0])},`);
    const chosen = await course.owner.request(
      'PUT',
      `/api/workspaces/${course.workspaceId}/teams/${course.team1.id}/leader`,
      { memberId: course.team1.memberIds[1] },
    );
    expect(chosen.statusCode).toBe(200);
    const fresh = await view(course.member);
    expect(fresh.apiCalls.length).toBeGreaterThan(0);
    expect(fresh.body).toContain(`leaders 1:${rosterName(course.team1.memberIds[1])},`);
    expect(fresh.body).toContain('role leader');
    expect((await view(course.otherMember)).body).toContain(
      `leaders 1:${rosterName(course.team1.memberIds[1])},`,
    );
    // The former leader's page says so too.
    expect((await view(course.leader)).body).toContain('role member');
  });

  it("renders afresh after the visitor's name changes", async () => {
    await view(course.otherMember);
    await view(course.otherMember);
    const renamed = await course.otherMember.post('/api/auth/update-user', { name: 'Member 2b' });
    expect(renamed.statusCode).toBe(200);
    const fresh = await view(course.otherMember);
    expect(fresh.apiCalls.length).toBeGreaterThan(0);
    expect(fresh.body).toContain('<h1>Member 2b</h1>');
  });

  it("renders afresh after the visitor's lecture-note sort order changes (a preference)", async () => {
    await view(course.member);
    expect((await view(course.member)).apiCalls).toEqual([]);
    const saved = await course.member.request('PUT', '/api/preferences', {
      lectureNoteSortOrder: 'week-desc',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const fresh = await view(course.member);
    expect(fresh.apiCalls.length).toBeGreaterThan(0);
    expect((await view(course.member)).apiCalls).toEqual([]);
  });

  it('renders afresh when the account stops or starts having a password (GET /api/me shows it)', async () => {
    await view(course.member);
    expect((await view(course.member)).apiCalls).toEqual([]);
    const [credential] = await t.app.db
      .select({ id: account.id, password: account.password })
      .from(account)
      .where(eq(account.userId, course.ids.member));
    expect(credential?.password).toBeTruthy();
    await t.app.db.update(account).set({ password: null }).where(eq(account.id, credential!.id));
    expect((await view(course.member)).apiCalls.length).toBeGreaterThan(0);
    expect((await view(course.member)).apiCalls).toEqual([]);
    await t.app.db
      .update(account)
      .set({ password: credential!.password })
      .where(eq(account.id, credential!.id));
    expect((await view(course.member)).apiCalls.length).toBeGreaterThan(0);
  });

  it("renders afresh when the visitor's e-mail stops being verified (their roster entry goes)", async () => {
    const before = await view(course.member);
    expect((await view(course.member)).apiCalls).toEqual([]);
    await t.app.db.update(user).set({ emailVerified: false }).where(eq(user.id, course.ids.member));
    const unverified = await view(course.member);
    expect(unverified.apiCalls.length).toBeGreaterThan(0);
    expect(unverified.body).not.toBe(before.body);
    await t.app.db.update(user).set({ emailVerified: true }).where(eq(user.id, course.ids.member));
    const again = await view(course.member);
    expect(again.apiCalls.length).toBeGreaterThan(0);
    // The same state as before: the same page.
    expect(again.body).toBe(before.body);
  });

  it('refuses the page once the visitor is taken off the roster', async () => {
    expect((await view(course.otherLeader)).body).toContain('<h1>Leader Two</h1>');
    expect((await view(course.otherLeader)).apiCalls).toEqual([]);
    const cleared = await course.owner.request(
      'PUT',
      `/api/workspaces/${course.workspaceId}/leader-emails`,
      { entries: [{ teamId: course.team2.id, email: '' }] },
    );
    expect(cleared.statusCode).toBe(200);
    const refused = await view(course.otherLeader);
    expect(refused.body).toContain('<div id="root"></div>');
    expect(refused.body).not.toContain('Leader Two');
  });

  it("refuses a public workspace's page to a viewer once it is private", async () => {
    const visibility = (isPublic: boolean) =>
      course.owner.request('PATCH', `/api/workspaces/${course.workspaceId}`, { isPublic });
    expect((await visibility(true)).statusCode).toBe(204);
    expect((await view(course.stranger)).body).toContain('role viewer');
    expect((await view(course.stranger)).apiCalls).toEqual([]);
    expect((await visibility(false)).statusCode).toBe(204);
    const refused = await view(course.stranger);
    expect(refused.body).toContain('<div id="root"></div>');
    expect(refused.body).not.toContain('Stranger');
  });

  it('refuses the page to a session signed out or expired, sent with the same cookie', async () => {
    const cookie = course.owner.cookieHeader();
    const asBefore = () =>
      t.app.inject({ method: 'GET', url: page, headers: { cookie } }).then((r) => r.body);
    await view(course.owner);
    expect((await view(course.owner)).apiCalls).toEqual([]);
    expect((await course.owner.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    const signedOut = await asBefore();
    expect(signedOut).toContain('<div id="root"></div>');
    expect(signedOut).not.toContain('<h1>Owner</h1>');

    await view(course.leader);
    expect((await view(course.leader)).apiCalls).toEqual([]);
    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, course.ids.leader));
    const expired = await view(course.leader);
    expect(expired.body).toContain('<div id="root"></div>');
    expect(expired.body).not.toContain('Leader One');
  });

  it('takes the slow path for a session due for renewal, which sends the renewed cookie', async () => {
    const day = 24 * 60 * 60 * 1000;
    await view(course.otherMember);
    expect((await view(course.otherMember)).apiCalls).toEqual([]);
    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * day) })
      .where(eq(session.userId, course.ids.otherMember));
    const renewed = await view(course.otherMember);
    expect(renewed.apiCalls).toContain('/api/me');
    expect(String(renewed.response.headers['set-cookie'])).toMatch(/session_token=/);
    expect(renewed.body).toContain('<h1>Member 2b</h1>');
    const [row] = await t.app.db
      .select()
      .from(session)
      .where(eq(session.userId, course.ids.otherMember));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    // Renewed: the next view is checked in one query again.
    await view(course.otherMember);
    expect((await view(course.otherMember)).apiCalls).toEqual([]);
  });
});

describe('answersMatch', () => {
  const workspaceId = '0b3e9c1e-4c1b-4b55-9a38-2f6c1b0e6b10';
  const row = {
    sessionId: 's',
    expiresAt: null,
    userId: 'u1',
    disabled: false,
    id: workspaceId,
    slug: 'algorithms',
    title: 'Algorithms',
    isPublic: false,
    groupSize: 3,
    timeZone: 'Asia/Seoul',
    semesterStart: '2026-09-01',
    reminderHoursBefore: 24,
    memberId: 'm1',
    memberTeamId: 't1',
    sortOrder: null,
    user: {
      id: 'u1',
      name: 'Ann',
      email: 'ann@example.com',
      email_verified: true,
      image: null,
      phone_number: null,
      phone_number_verified: false,
      last_login_at: '2026-11-26T01:02:03.456789+00:00',
    },
    hasPassword: true,
    total: 2,
    unread: 1,
  };
  const fingerprint: PageFingerprint = { key: 'k', row };
  const answers = (
    overrides: { title?: string; unread?: number; name?: string; timeZone?: string } = {},
  ) =>
    new Map([
      [
        '/api/me',
        Buffer.from(
          JSON.stringify({
            user: {
              id: 'u1',
              displayName: overrides.name ?? 'Ann',
              email: 'ann@example.com',
              emailVerified: true,
              phoneNumber: null,
              photoUrl: null,
              createdAt: '2026-11-01T00:00:00.000Z',
              lastLoginAt: '2026-11-26T01:02:03.456Z',
              isVerified: true,
              hasPassword: true,
            },
          }),
        ),
      ],
      [
        '/api/notifications/counts',
        Buffer.from(JSON.stringify({ total: 2, unread: overrides.unread ?? 1, read: 1 })),
      ],
      [
        `/api/workspaces/${workspaceId}`,
        Buffer.from(
          JSON.stringify({
            id: workspaceId,
            slug: 'algorithms',
            title: overrides.title ?? 'Algorithms',
            isPublic: false,
            groupSize: 3,
            createdAt: '2026-11-01T00:00:00.000Z',
            timeZone: overrides.timeZone ?? 'Asia/Seoul',
            semesterStart: '2026-09-01',
            reminderHoursBefore: 24,
            role: 'member',
            myMemberId: 'm1',
            myTeamId: 't1',
            counters: { totalMembers: 6, teams: 2, groupSize: 3, fixedGroups: 0 },
            teams: [],
            members: [],
            fixedPairs: [],
            keepApart: [],
            lockedTeams: [],
            preferences: { lectureNoteSortOrder: 'week-asc' },
          }),
        ),
      ],
    ]);

  it('holds when the answers show what the fingerprint read', () => {
    expect(answersMatch(fingerprint, workspaceId, answers())).toBe(true);
  });

  it('fails for answers taken between a change and its undoing (a title, a count, a name)', () => {
    expect(answersMatch(fingerprint, workspaceId, answers({ title: 'Other' }))).toBe(false);
    expect(answersMatch(fingerprint, workspaceId, answers({ unread: 2 }))).toBe(false);
    expect(answersMatch(fingerprint, workspaceId, answers({ name: 'Bob' }))).toBe(false);
    // The course calendar's zone: the page's dates are written in it (decision 0029).
    expect(answersMatch(fingerprint, workspaceId, answers({ timeZone: 'Europe/Berlin' }))).toBe(
      false,
    );
  });

  it('fails when the page asked for anything else', () => {
    const more = answers();
    more.set('/api/workspaces', Buffer.from('[]'));
    expect(answersMatch(fingerprint, workspaceId, more)).toBe(false);
  });

  it('finds the workspace of each section address', () => {
    for (const section of SECTIONS) {
      expect(workspaceIdAt(`/workspace/${workspaceId}${section}`)).toBe(workspaceId);
    }
    expect(workspaceIdAt(`/Workspace/${workspaceId}/Notes`)).toBe(workspaceId);
    expect(workspaceIdAt('/workspace/not-a-uuid')).toBeNull();
    expect(workspaceIdAt('/workspaces/algorithms')).toBeNull();
  });
});
