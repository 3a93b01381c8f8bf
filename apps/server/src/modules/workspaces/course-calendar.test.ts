// The course calendar (issue 26, decision 0029): a workspace's time zone, semester start and
// reminder lead time; set at creation from the creator's zone, changed by the owner only.
import { courseCalendarSettings, workspaceDetail } from '@teamshuffle/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, type TestClient } from '../../../test/client.ts';
import { type Course, buildCourse } from '../../../test/course.ts';
import {
  buildNoteInput,
  buildSnapshot,
  type WorkspaceDetailBody as Detail,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('the course calendar', () => {
  let t: TestApp;
  let course: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    course = await buildCourse(t.app, t.config.publicUrl);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function read(id: string, client: TestClient = course.owner): Promise<Detail> {
    const response = await client.get(`/api/workspaces/${id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<Detail>();
    expect(workspaceDetail.parse(body)).toEqual(body);
    return body;
  }

  async function create(client: TestClient, extra: Record<string, unknown> = {}) {
    return client.post('/api/workspaces', {
      title: `Course ${Math.random()}`,
      snapshot: buildSnapshot(4, 2),
      ...extra,
    });
  }

  it("starts the semester on the Monday of this week in the creator's zone (moved clock)", async () => {
    // Only Date is moved: the server's timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 00:30 in Seoul, still Sunday evening in New York.
    vi.setSystemTime(new Date('2026-11-22T15:30:00Z'));
    const owner = (await buildUser(t.app, t.config.publicUrl)).client;
    const seoul = await create(owner);
    expect(seoul.statusCode).toBe(201);
    const ny = await create(owner, { timeZone: 'America/New_York' });
    expect(ny.statusCode).toBe(201);
    vi.useRealTimers();

    const seoulDetail = await read(seoul.json().workspace.id, owner);
    expect(seoulDetail).toMatchObject({
      timeZone: 'Asia/Seoul',
      semesterStart: '2026-11-23',
      reminderHoursBefore: 24,
    });
    const nyDetail = await read(ny.json().workspace.id, owner);
    expect(nyDetail).toMatchObject({ timeZone: 'America/New_York', semesterStart: '2026-11-16' });
  });

  it('refuses to create a workspace in an unknown zone', async () => {
    const response = await create(course.owner, { timeZone: 'Mars/Olympus' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', field: 'timeZone' });
  });

  it('lets the owner change the calendar, and the next read shows it at once', async () => {
    const url = `/api/workspaces/${course.workspaceId}/calendar`;
    // Read once so the detail is cached before the change.
    await read(course.workspaceId);
    await read(course.workspaceId, course.member);
    const changed = await course.owner.request('PATCH', url, {
      timeZone: 'Europe/Berlin',
      semesterStart: '2026-09-07',
      reminderHoursBefore: 48,
    });
    expect(changed.statusCode).toBe(200);
    const settings = {
      timeZone: 'Europe/Berlin',
      semesterStart: '2026-09-07',
      reminderHoursBefore: 48,
    };
    expect(courseCalendarSettings.parse(changed.json())).toEqual(settings);
    expect(await read(course.workspaceId)).toMatchObject(settings);
    expect(await read(course.workspaceId, course.member)).toMatchObject(settings);

    // One field alone changes only that field; 0 turns reminders off.
    const off = await course.owner.request('PATCH', url, { reminderHoursBefore: 0 });
    expect(off.statusCode).toBe(200);
    expect(await read(course.workspaceId)).toMatchObject({ ...settings, reminderHoursBefore: 0 });
  });

  it('refuses an unknown zone, a malformed date, hours outside 0-168 with 400', async () => {
    const url = `/api/workspaces/${course.workspaceId}/calendar`;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '+09:00' }, 'timeZone'],
      [{ semesterStart: '2026-02-30' }, 'semesterStart'],
      [{ semesterStart: 'next monday' }, 'semesterStart'],
      [{ reminderHoursBefore: 169 }, 'reminderHoursBefore'],
      [{ reminderHoursBefore: -1 }, 'reminderHoursBefore'],
      [{ reminderHoursBefore: 2.5 }, 'reminderHoursBefore'],
      [{ reminderHoursBefore: '24' }, 'reminderHoursBefore'],
    ];
    for (const [body, field] of bad) {
      const response = await course.owner.request('PATCH', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_failed', field });
    }
    const empty = await course.owner.request('PATCH', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('validation_failed');
  });

  it('refuses a leader, a member, a non-member and a signed-out visitor', async () => {
    const url = `/api/workspaces/${course.workspaceId}/calendar`;
    const before = await read(course.workspaceId);
    const body = { timeZone: 'Pacific/Honolulu' };
    expect((await course.leader.request('PATCH', url, body)).statusCode).toBe(403);
    expect((await course.member.request('PATCH', url, body)).statusCode).toBe(403);
    // A workspace the caller may not see answers as one that does not exist.
    expect((await course.stranger.request('PATCH', url, body)).statusCode).toBe(404);
    expect((await course.anonymous.request('PATCH', url, body)).statusCode).toBe(401);
    expect((await read(course.workspaceId)).timeZone).toBe(before.timeZone);
  });

  it('refuses a note week outside 1-20 on create and on edit, never clamping it', async () => {
    const notes = `/api/workspaces/${course.workspaceId}/notes`;
    for (const week of [0, 21, 25]) {
      const made = await course.owner.post(notes, buildNoteInput({ week }));
      expect(made.statusCode, `week ${week}`).toBe(400);
      expect(made.json()).toMatchObject({ error: 'validation_failed', field: 'week' });
    }
    const made = await course.owner.post(notes, buildNoteInput({ week: 20 }));
    expect(made.statusCode).toBe(201);
    const noteId = made.json<{ id: string }>().id;
    const edit = await course.owner.request('PATCH', `${notes}/${noteId}`, { week: 25 });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ error: 'validation_failed', field: 'week' });
  });
});
