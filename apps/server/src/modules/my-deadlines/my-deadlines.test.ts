// The student's week (issue 26, decision 0027) through the API on a real database: "Due soon"
// across the caller's workspaces with their own state, and the personal calendar feed at its
// secret address, parsed by an iCalendar library.
import type { CalendarFeedCreated, MyDeadline, MyDeadlinesView } from '@teamshuffle/domain';
import { myDeadlinesView } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, pathOf, TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildAssignmentInput, buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, type Part, pdfPart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rows.ts';
import { hashToken } from './my-deadlines.service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('my deadlines and the calendar feed', () => {
  let t: TestApp;
  let c: Course;
  let other: Course;
  const ids = {} as Record<
    | 'assignment'
    | 'lateAssignment'
    | 'farAssignment'
    | 'teamTask'
    | 'individualTask'
    | 'draftTask'
    | 'otherAssignment',
    string
  >;
  const base = (course: Course) => `/api/workspaces/${course.workspaceId}`;
  const send = (client: TestClient, url: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return client.request('POST', url, payload, headers);
  };
  const assignment = async (course: Course, overrides: Record<string, unknown>) => {
    const made = await course.owner.post(
      `${base(course)}/assignments`,
      buildAssignmentInput(overrides),
    );
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ id: string }>().id;
  };
  const note = async (course: Course, task: Record<string, unknown>, isPublished = true) => {
    const made = await course.owner.post(
      `${base(course)}/notes`,
      buildNoteInput({ title: `Note ${Math.random()}`, task: buildTaskInput(task) }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: string }>().id;
    if (isPublished) {
      const published = await course.owner.request('PATCH', `${base(course)}/notes/${id}`, {
        isPublished: true,
      });
      expect(published.statusCode).toBe(200);
    }
    return id;
  };
  const dueSoon = async (client: TestClient) => {
    const response = await client.get('/api/me/deadlines');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return myDeadlinesView.parse(response.json<MyDeadlinesView>());
  };
  const byTitle = (view: MyDeadlinesView) =>
    Object.fromEntries(view.items.map((item) => [item.title, item])) as Record<string, MyDeadline>;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl, { title: 'Databases, Fall; A\\B' });
    other = await buildCourse(t.app, t.config.publicUrl, { title: 'Other course' });
    ids.assignment = await assignment(c, { title: 'Essay', endAt: at(2 * DAY) });
    ids.lateAssignment = await assignment(c, {
      title: 'Lab report',
      startAt: at(-3 * DAY),
      endAt: at(-HOUR),
    });
    ids.farAssignment = await assignment(c, { title: 'Final project', endAt: at(90 * DAY) });
    await assignment(c, { title: 'Open forever', startAt: null, endAt: null });
    await assignment(c, { title: 'Long gone', startAt: at(-40 * DAY), endAt: at(-35 * DAY) });
    ids.teamTask = await note(c, { title: 'Team plan', deadline: at(3 * DAY) });
    ids.individualTask = await note(c, {
      title: 'Reflection',
      deadline: at(4 * DAY),
      assignmentType: 'individual',
    });
    ids.draftTask = await note(c, { title: 'Secret draft', deadline: at(DAY) }, false);
    await note(c, { title: 'No deadline', deadline: null });
    ids.otherAssignment = await assignment(other, { title: 'Elsewhere', endAt: at(DAY) });

    // Team 1 hands in the essay and, late, the lab report; the essay is graded. Team 1's
    // member hands in the individual reflection; team 2 hands in the team plan.
    const essay = `${base(c)}/assignments/${ids.assignment}/submissions`;
    expect((await send(c.leader, essay, [pdfPart('essay.pdf', 2000)])).statusCode).toBe(201);
    const lab = `${base(c)}/assignments/${ids.lateAssignment}/submissions`;
    const labSent = await send(c.leader, lab, [pdfPart('lab.pdf', 2000)]);
    expect(labSent.statusCode, labSent.body).toBe(201);
    const graded = await c.owner.post(`${base(c)}/assignments/${ids.assignment}/evaluations`, {
      teamId: c.team1.id,
      score: 90,
      feedback: 'Good',
    });
    expect(graded.statusCode, graded.body).toBe(200);
    const reflection = `${base(c)}/notes/${ids.individualTask}/submissions`;
    const own = await send(c.member, reflection, [pdfPart('me.pdf', 1500)]);
    expect(own.statusCode, own.body).toBe(201);
    const plan = `${base(c)}/notes/${ids.teamTask}/submissions`;
    expect((await send(c.otherLeader, plan, [pdfPart('plan.pdf', 1500)])).statusCode).toBe(201);
    // Two courses of six accounts each, built through the API: slow on a loaded 2-core machine.
  }, 120_000);
  afterAll(() => t.close());

  describe('GET /api/me/deadlines', () => {
    it("lists a member's deadlines of their workspaces within the window, earliest first, with their team's state", async () => {
      const view = await dueSoon(c.member);
      expect(view.items.map((item) => item.title)).toEqual([
        'Lab report',
        'Essay',
        'Team plan',
        'Reflection',
      ]);
      const items = byTitle(view);
      expect(items['Essay']).toMatchObject({
        kind: 'assignment',
        id: ids.assignment,
        assignmentType: 'team',
        workspace: { id: c.workspaceId, title: 'Databases, Fall; A\\B' },
        role: 'member',
        state: 'graded',
        handedIn: null,
        expected: null,
      });
      expect(items['Lab report']!.state).toBe('late');
      // Team 2 handed the plan in, not team 1.
      expect(items['Team plan']).toMatchObject({
        kind: 'task',
        id: ids.teamTask,
        state: 'not_handed_in',
      });
      expect(items['Reflection']).toMatchObject({
        assignmentType: 'individual',
        state: 'handed_in',
      });
      expect(new Date(items['Essay']!.deadline).getTime()).toBeGreaterThan(Date.now() + DAY);
      expect(items['Essay']!.deadline).toMatch(/Z$/);
    });

    it("shows the leader their team's work and another team its own, never another's individual answer", async () => {
      const leader = byTitle(await dueSoon(c.leader));
      expect(leader['Essay']!.state).toBe('graded');
      // The reflection is each member's own: the member's answer is not the leader's.
      expect(leader['Reflection']!.state).toBe('not_handed_in');
      const otherTeam = byTitle(await dueSoon(c.otherMember));
      expect(otherTeam['Essay']!.state).toBe('not_handed_in');
      expect(otherTeam['Lab report']!.state).toBe('not_handed_in');
      expect(otherTeam['Team plan']!.state).toBe('handed_in');
      expect(Object.keys(otherTeam)).not.toContain('Elsewhere');
    });

    it("never lists a draft note's task, nor items of workspaces the caller is not in", async () => {
      for (const client of [c.owner, c.leader, c.member, c.otherMember]) {
        const titles = (await dueSoon(client)).items.map((item) => item.title);
        expect(titles).not.toContain('Secret draft');
        expect(titles).not.toContain('No deadline');
        expect(titles).not.toContain('Open forever');
        expect(titles).not.toContain('Long gone');
        expect(titles).not.toContain('Final project');
      }
      expect((await dueSoon(c.stranger)).items).toEqual([]);
      expect((await dueSoon(other.member)).items.map((item) => item.title)).toEqual(['Elsewhere']);
    });

    it('gives the owner how many have handed in instead of a state', async () => {
      const items = byTitle(await dueSoon(c.owner));
      expect(items['Essay']).toMatchObject({
        role: 'owner',
        state: null,
        handedIn: 1,
        expected: 2,
      });
      expect(items['Team plan']).toMatchObject({ handedIn: 1, expected: 2 });
      // Individual: members on a team (six on the roster), one has handed in.
      expect(items['Reflection']).toMatchObject({ handedIn: 1, expected: 6 });
      expect(Object.keys(items)).not.toContain('Elsewhere');
    });

    it('answers only signed-in, verified users', async () => {
      expect((await c.anonymous.get('/api/me/deadlines')).statusCode).toBe(401);
      const unverified = await buildUser(t.app, t.config.publicUrl, { verified: false });
      const refused = await unverified.client.get('/api/me/deadlines');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'email_not_verified' });
    });
  });

  describe('the calendar feed', () => {
    const create = async (client: TestClient) => {
      const response = await client.post('/api/me/calendar-feed');
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CalendarFeedCreated>();
    };
    const read = (url: string) => new TestClient(t.app, t.config.publicUrl).get(pathOf(url));

    it('is made once per user, answers iCalendar without a cookie, and lists every deadline from 30 days ago', async () => {
      expect((await c.member.get('/api/me/calendar-feed')).json()).toEqual({
        isActive: false,
        createdAt: null,
      });
      const feed = await create(c.member);
      expect(feed.url).toMatch(/^http.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await c.member.get('/api/me/calendar-feed')).json()).toEqual({
        isActive: true,
        createdAt: feed.createdAt,
      });
      const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(feed.url)![1]!;
      // Only the hash is kept.
      const stored = await t.app.db.execute(sql`select token_hash from calendar_feeds`);
      const hashes = rowsOf<{ token_hash: string }>(stored).map((row) => row.token_hash);
      expect(hashes).toContain(hashToken(token));
      expect(hashes).not.toContain(token);

      const response = await read(feed.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, max-age=300');
      const body = response.body;
      expect(body.endsWith('\r\n')).toBe(true);
      const lines = body.split('\r\n');
      expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      expect(body.replace(/\r\n/g, '')).not.toMatch(/\n/);

      const calendar = new ICAL.Component(ICAL.parse(body));
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      expect(events.map((event) => event.summary)).toEqual([
        'Databases, Fall; A\\B: Lab report',
        'Databases, Fall; A\\B: Essay',
        'Databases, Fall; A\\B: Team plan',
        'Databases, Fall; A\\B: Reflection',
        'Databases, Fall; A\\B: Final project',
      ]);
      const host = new URL(t.config.publicUrl).host;
      expect(events.map((event) => event.uid)).toEqual([
        `assignment-${ids.lateAssignment}@${host}`,
        `assignment-${ids.assignment}@${host}`,
        `task-${ids.teamTask}@${host}`,
        `task-${ids.individualTask}@${host}`,
        `assignment-${ids.farAssignment}@${host}`,
      ]);
      const essay = events[1]!;
      const items = byTitle(await dueSoon(c.member));
      expect(essay.startDate.zone).toBe(ICAL.Timezone.utcTimezone);
      expect(essay.startDate.toJSDate().getTime()).toBe(
        Math.floor(new Date(items['Essay']!.deadline).getTime() / 1000) * 1000,
      );
      expect(essay.endDate.toJSDate().getTime() - essay.startDate.toJSDate().getTime()).toBe(
        60_000,
      );
      const vevent = calendar.getAllSubcomponents('vevent')[1]!;
      expect(vevent.getFirstPropertyValue('url')).toBe(
        `${t.config.publicUrl.replace(/\/$/, '')}/workspace/${c.workspaceId}/assignments`,
      );
      expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
      expect(vevent.getFirstPropertyValue('last-modified')).toBeTruthy();
      expect(body).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
      expect(body).toContain('SUMMARY:Databases\\, Fall\\; A\\\\B: Essay');

      // The same token reads the same UIDs again: stable per item.
      const again = new ICAL.Component(ICAL.parse((await read(feed.url)).body));
      expect(
        again.getAllSubcomponents('vevent').map((vevent) => vevent.getFirstPropertyValue('uid')),
      ).toEqual(events.map((event) => event.uid));
    });

    it('writes its words in the language the app showed when the address was made (decision 0041)', async () => {
      const made = async (language: string) => {
        const response = await c.otherMember.request('POST', '/api/me/calendar-feed', undefined, {
          'accept-language': language,
        });
        expect(response.statusCode, response.body).toBe(201);
        const body = (await read(response.json<CalendarFeedCreated>().url)).body;
        const calendar = new ICAL.Component(ICAL.parse(body));
        const descriptions = calendar
          .getAllSubcomponents('vevent')
          .map((vevent) => String(vevent.getFirstPropertyValue('description')));
        expect(descriptions.length).toBeGreaterThan(0);
        return { name: calendar.getFirstPropertyValue('x-wr-calname'), descriptions };
      };
      const korean = await made('ko-KR,ko;q=0.9');
      expect(korean.name).toBe('Teamshuffle 마감');
      for (const description of korean.descriptions) {
        expect(description).toMatch(/^Databases, Fall; A\\B의 (과제|노트 과제) 마감입니다\.\n/);
      }
      // A note's task is a "노트 과제" in Korean, as in lecture notes and the gradebook.
      expect(korean.descriptions.some((d) => d.includes('의 노트 과제 마감입니다.'))).toBe(true);
      // A new address, made in English: its words are English.
      const english = await made('en-US,en;q=0.9');
      expect(english.name).toBe('Teamshuffle deadlines');
      for (const description of english.descriptions) {
        expect(description).toMatch(/^(Assignment|Task) due in Databases, Fall; A\\B\.\n/);
      }
    });

    it("gives another user's token only that user's deadlines, and a wrong token nothing", async () => {
      const mine = await create(other.member);
      const events = new ICAL.Component(ICAL.parse((await read(mine.url)).body))
        .getAllSubcomponents('vevent')
        .map((vevent) => vevent.getFirstPropertyValue('summary'));
      expect(events).toEqual(['Other course: Elsewhere']);

      const wrong = mine.url.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`);
      for (const url of [wrong, mine.url.replace(/\.ics$/, ''), `${mine.url}x`]) {
        const refused = await read(url);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ error: 'not_found', message: 'Not found.' });
      }
    });

    it('a new address kills the old one; turning the feed off kills the new one', async () => {
      const first = await create(c.leader);
      expect((await read(first.url)).statusCode).toBe(200);
      const second = await create(c.leader);
      expect(second.url).not.toBe(first.url);
      expect((await read(first.url)).statusCode).toBe(404);
      expect((await read(second.url)).statusCode).toBe(200);

      expect((await c.leader.request('DELETE', '/api/me/calendar-feed')).statusCode).toBe(204);
      expect((await read(second.url)).statusCode).toBe(404);
      expect((await c.leader.get('/api/me/calendar-feed')).json()).toMatchObject({
        isActive: false,
      });
      // Off already: still fine.
      expect((await c.leader.request('DELETE', '/api/me/calendar-feed')).statusCode).toBe(204);
    });

    it('is managed only by signed-in, verified users', async () => {
      const unverified = await buildUser(t.app, t.config.publicUrl, { verified: false });
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expect((await c.anonymous.request(method, '/api/me/calendar-feed')).statusCode).toBe(401);
        const refused = await unverified.client.request(method, '/api/me/calendar-feed');
        expect(refused.statusCode).toBe(403);
      }
    });
  });
});

describe('the calendar feed address is rate limited like the rest of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  }, 60_000);
  afterAll(() => t.close());

  it('refuses guessing past the limit', async () => {
    const guesser = new TestClient(t.app, t.config.publicUrl);
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      statuses.push((await guesser.get(`/api/calendar/${'x'.repeat(42)}${n}.ics`)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
