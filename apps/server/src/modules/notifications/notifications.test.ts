// Notifications (issue 13): each producer notifies the right users and nobody else, nobody reads
// or marks another user's, pages come from the database in order, duplicates within five minutes
// are one, the live stream pushes new ones (across instances on PostgreSQL), and a failure to
// deliver never fails the action that caused it (the outbox delivers it later: issue 23).
import type { NotificationsPage, NotificationView } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { openEvents } from '../../../test/events.ts';
import { buildSnapshot } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileOf, multipartBody } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rows.ts';
import { parseAnnouncement } from './notifications.repository.ts';

const assignment = (overrides: Record<string, unknown> = {}) => ({
  title: `Essay ${Math.random().toString(36).slice(2, 7)}`,
  description: '',
  startAt: null,
  endAt: null,
  maxFileSizeMb: 1,
  allowedTypes: ['pdf'],
  ...overrides,
});

async function page(client: TestClient, before?: number): Promise<NotificationsPage> {
  const response = await client.get(`/api/notifications${before ? `?before=${before}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationsPage>();
}
/**
 * A page without the invitations: a course built with its members' e-mails invites their accounts
 * (issue 24, decision 0021; invitations.test.ts tests those), and these tests are about the rest.
 */
async function pageAfterInvitations(client: TestClient): Promise<NotificationsPage> {
  const all = await page(client);
  return { ...all, items: all.items.filter((item) => item.type !== 'workspace_invited') };
}
const types = async (client: TestClient) =>
  (await pageAfterInvitations(client)).items.map((item) => item.type);

describe('notifications', () => {
  let t: TestApp;
  let c: Course;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      STORAGE_QUOTA_MB: '1',
      ADMIN_EMAILS: adminEmail,
    });
    c = await buildCourse(t.app, t.config.publicUrl);
    admin = await buildUser(t.app, t.config.publicUrl, { email: adminEmail });
  });
  afterAll(() => t.close());

  const base = (course = c) => `/api/workspaces/${course.workspaceId}`;

  describe('who gets what', () => {
    it('tells every member of the workspace but its creator about a new assignment', async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const created = await course.owner.post(
        `${base(course)}/assignments`,
        assignment({ title: 'Lab report' }),
      );
      expect(created.statusCode).toBe(201);
      // The outbox delivers after the answer, one row at a time; wait for the rows, not for time.
      for (const client of [course.leader, course.member, course.otherLeader, course.otherMember]) {
        await expect.poll(async () => (await pageAfterInvitations(client)).items.length).toBe(1);
        const [item] = (await pageAfterInvitations(client)).items;
        expect(item).toMatchObject({
          type: 'assignment_created',
          title: 'New assignment: Lab report',
          isRead: false,
          data: {
            workspaceId: course.workspaceId,
            assignmentId: created.json().id,
            // The words the reader's app writes in its language (decision 0041).
            text: { key: 'assignmentCreated', values: { assignment: 'Lab report' } },
          },
        });
      }
      expect(await types(course.owner)).toEqual([]);
      expect(await types(course.stranger)).toEqual([]);
    });

    it('also mails new assignments to those who chose so, and only to them', async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const chosen = await course.member.request('PUT', '/api/preferences', {
        emailNotifications: true,
      });
      expect(chosen.statusCode).toBe(200);
      const memberEmail = course.detail.members.find(
        (m) => m.id === course.team1.memberIds[1],
      )!.email!;
      const otherEmail = course.detail.members.find(
        (m) => m.id === course.team2.memberIds[1],
      )!.email!;
      await course.owner.post(`${base(course)}/assignments`, assignment({ title: 'Mailed' }));
      const mails = () =>
        t.app.outbox.list().filter((message) => message.subject === 'New assignment: Mailed');
      await expect.poll(() => mails().map((message) => message.to)).toEqual([memberEmail]);
      expect(mails().some((message) => message.to === otherEmail)).toBe(false);
      expect(mails()[0]!.text).toContain(`/workspace/${course.workspaceId}`);
    });

    it("mails in the account's language: the words in Korean for a Korean account (decision 0041)", async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const chosen = await course.member.request('PUT', '/api/preferences', {
        emailNotifications: true,
        language: 'ko',
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const memberEmail = course.detail.members.find(
        (m) => m.id === course.team1.memberIds[1],
      )!.email!;
      await course.owner.post(`${base(course)}/assignments`, assignment({ title: 'Korean lab' }));
      const mail = () => t.app.outbox.list().find((message) => message.to === memberEmail);
      await expect.poll(() => mail()?.subject).toBe('새 과제: Korean lab');
      expect(mail()!.text).toContain('워크스페이스에 새 과제가 올라왔습니다.');
      expect(mail()!.text).toContain('안녕하세요');
      expect(mail()!.text).toContain(`/workspace/${course.workspaceId}`);
      // The notification itself still stores its English words beside the key.
      expect((await page(course.member)).items[0]).toMatchObject({
        title: 'New assignment: Korean lab',
      });
    });

    it('tells members about a published task, and the owner about every submission', async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const note = await course.owner.post(`${base(course)}/notes`, {
        title: 'Week 3',
        description: '',
        week: 3,
        date: null,
        task: {
          title: 'Reading notes',
          description: '',
          deadline: null,
          maxFileSizeMb: 1,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
        },
      });
      const noteId = note.json().id as string;
      await course.owner.request('PATCH', `${base(course)}/notes/${noteId}`, { isPublished: true });
      await expect.poll(async () => await types(course.member)).toEqual(['assignment_created']);
      expect((await page(course.member)).items[0]).toMatchObject({
        title: 'New task: Reading notes',
        data: {
          noteId,
          text: { key: 'taskPublished', values: { task: 'Reading notes', note: 'Week 3' } },
        },
      });
      expect(await types(course.owner)).toEqual([]);

      const { payload, headers } = multipartBody([
        { name: 'files', filename: 'a.pdf', data: fileOf('pdf', 500) },
      ]);
      const sent = await course.leader.request(
        'POST',
        `${base(course)}/notes/${noteId}/submissions`,
        payload,
        headers,
      );
      expect(sent.statusCode).toBe(201);
      await expect.poll(async () => await types(course.owner)).toEqual(['assignment_submitted']);
      expect((await page(course.owner)).items[0]).toMatchObject({
        title: 'Team 1 submitted Reading notes',
        data: {
          teamName: 'Team 1',
          noteId,
          text: { key: 'teamSubmitted', values: { team: '1', work: 'Reading notes' } },
        },
      });
      // The leader and the team are not told about their own submission.
      expect(await types(course.leader)).toEqual(['assignment_created']);
    });

    it("names the member, not the team, when an individual task's answer is handed in (issue 27)", async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const note = await course.owner.post(`${base(course)}/notes`, {
        title: 'Week 4',
        description: '',
        week: 4,
        date: null,
        task: {
          title: 'Own essay',
          description: '',
          deadline: null,
          maxFileSizeMb: 1,
          allowedTypes: ['pdf'],
          assignmentType: 'individual',
        },
      });
      const noteId = note.json().id as string;
      await course.owner.request('PATCH', `${base(course)}/notes/${noteId}`, { isPublished: true });
      const { payload, headers } = multipartBody([
        { name: 'files', filename: 'mine.pdf', data: fileOf('pdf', 500) },
      ]);
      const sent = await course.member.request(
        'POST',
        `${base(course)}/notes/${noteId}/submissions`,
        payload,
        headers,
      );
      expect(sent.statusCode, sent.body).toBe(201);
      // The member's name on the roster (Team 1's second entry holds their e-mail).
      const name = course.detail.members.find((m) => m.id === course.team1.memberIds[1])!.name;
      await expect.poll(async () => await types(course.owner)).toEqual(['assignment_submitted']);
      expect((await page(course.owner)).items[0]).toMatchObject({
        title: `${name} submitted Own essay`,
        message: `${name} (Team 1) handed in work for Own essay.`,
        data: {
          teamName: 'Team 1',
          noteId,
          text: { key: 'memberSubmitted', values: { member: name, team: '1', work: 'Own essay' } },
        },
      });
    });

    it('tells an account whose verified e-mail is on a roster that it joined, and the owner', async () => {
      const owner = await buildUser(t.app, t.config.publicUrl, { name: 'Teacher' });
      const email = uniqueEmail('newcomer');
      const snapshot = buildSnapshot(4, 2);
      const created = await owner.client.post('/api/workspaces', {
        title: `Joiners ${Math.random()}`,
        snapshot,
      });
      const id = created.json().workspace.id as string;
      const detail = (await owner.client.get(`/api/workspaces/${id}`)).json<{
        teams: Array<{ id: string; memberIds: string[] }>;
      }>();
      const team = detail.teams[0]!;
      await owner.client.request('PUT', `/api/workspaces/${id}/teams/${team.id}/member-emails`, {
        entries: [{ memberId: team.memberIds[1], email }],
      });
      const newcomer = await buildUser(t.app, t.config.publicUrl, { email, name: 'Newcomer' });
      await expect
        .poll(async () => (await page(newcomer.client)).items.map((item) => item.type))
        .toEqual(['workspace_invited']);
      await expect.poll(async () => await types(owner.client)).toEqual(['team_member_joined']);
      const [joined] = (await page(owner.client)).items;
      expect(joined!.title).toMatch(/^Newcomer joined Joiners/);
      expect(joined!.data.text).toEqual({
        key: 'rosterMemberJoined',
        values: { name: 'Newcomer', email, workspace: created.json().workspace.title },
      });
      expect((await page(newcomer.client)).items[0]!.data.text).toEqual({
        key: 'rosterJoined',
        values: { workspace: created.json().workspace.title },
      });
      // A later change of the account says nothing again.
      await newcomer.client.post('/api/auth/update-user', { name: 'Newcomer Renamed' });
      expect(await types(owner.client)).toEqual(['team_member_joined']);
    });

    it('warns a user whose uploads cross 80% of the quota', async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const note = await course.owner.post(`${base(course)}/notes`, {
        title: 'Big',
        description: '',
        week: 1,
        date: null,
        task: null,
      });
      const noteId = note.json().id as string;
      const upload = (size: number) => {
        const { payload, headers } = multipartBody([
          { name: 'files', filename: 'deck.pdf', data: fileOf('pdf', size) },
        ]);
        return course.owner.request(
          'POST',
          `${base(course)}/notes/${noteId}/attachments`,
          payload,
          headers,
        );
      };
      expect((await upload(700 * 1024)).statusCode).toBe(201);
      expect(await types(course.owner)).toEqual([]);
      expect((await upload(200 * 1024)).statusCode).toBe(201);
      await expect.poll(async () => await types(course.owner)).toEqual(['storage_warning']);
      const [warning] = (await page(course.owner)).items;
      expect(warning!.data.text).toEqual({
        key: 'storageHigh',
        values: { percent: warning!.message.match(/(\d+)%/)![1] },
      });
    });

    it('lets an administrator announce to everyone, and nobody else', async () => {
      const refused = await c.owner.post('/api/admin/announcements', { title: 'Hi', message: 'x' });
      expect(refused.statusCode).toBe(403);
      const sent = await admin.client.post('/api/admin/announcements', {
        title: 'Maintenance tonight',
        message: 'The app is down 22:00-23:00.',
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json().sent).toBeGreaterThanOrEqual(7);
      expect((await page(c.stranger)).items[0]).toMatchObject({
        type: 'system_announcement',
        title: 'Maintenance tonight',
      });
      // An administrator's own words: read as written, in every language.
      expect((await page(c.stranger)).items[0]!.data.text).toBeNull();
      const [verified] = rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from "user" where email_verified or phone_number_verified`,
        ),
      );
      expect(sent.json().sent).toBe(verified!.n);
      // The same words again within five minutes reach nobody twice.
      const again = await admin.client.post('/api/admin/announcements', {
        title: 'Maintenance tonight',
        message: 'The app is down 22:00-23:00.',
      });
      expect(again.json().sent).toBe(0);
    });
  });

  describe('reading and marking', () => {
    it('pages 25 notifications by the database, newest first, with the counts', async () => {
      const user = await buildUser(t.app, t.config.publicUrl);
      for (let i = 1; i <= 25; i++) {
        await t.app.notifier.send([
          { userId: user.id, type: 'system_announcement', title: `Note ${i}`, message: '' },
        ]);
      }
      const seen: string[] = [];
      let before: number | undefined;
      for (let round = 0; round < 3; round++) {
        const current = await page(user.client, before);
        expect(current.counts).toEqual({ total: 25, unread: 25, read: 0 });
        seen.push(...current.items.map((item) => item.title));
        expect(current.items.length).toBe(round < 2 ? 10 : 5);
        before = current.nextBefore ?? undefined;
        if (round === 2) expect(current.nextBefore).toBeNull();
      }
      expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Note ${25 - i}`));
    });

    it('drops a same-type, same-title notification within five minutes', async () => {
      const user = await buildUser(t.app, t.config.publicUrl);
      const one = {
        userId: user.id,
        type: 'storage_warning',
        title: 'Storage usage is high',
        message: '',
      };
      expect(await t.app.notifier.send([one])).toBe(1);
      expect(await t.app.notifier.send([one, one])).toBe(0);
      await t.app.db.execute(
        sql`update notifications set created_at = now() - interval '6 minutes' where user_id = ${user.id}`,
      );
      expect(await t.app.notifier.send([one])).toBe(1);
    });

    it('marks read, marks all read, and keeps only the newest of read duplicates', async () => {
      const user = await buildUser(t.app, t.config.publicUrl);
      for (const title of ['A', 'B', 'A']) {
        await t.app.notifier.send([
          { userId: user.id, type: 'system_announcement', title, message: '' },
        ]);
        await t.app.db.execute(
          sql`update notifications set created_at = now() - interval '10 minutes' where user_id = ${user.id}`,
        );
      }
      const items = (await page(user.client)).items;
      expect(items.map((item) => item.title)).toEqual(['A', 'B', 'A']);
      expect((await user.client.post(`/api/notifications/${items[1]!.id}/read`)).statusCode).toBe(
        204,
      );
      expect((await page(user.client)).counts).toEqual({ total: 3, unread: 2, read: 1 });
      const all = await user.client.post('/api/notifications/read-all');
      expect(all.json()).toEqual({ marked: 2 });
      const after = await page(user.client);
      expect(after.items.map((item) => item.title)).toEqual(['A', 'B']);
      expect(after.items[0]!.id).toBe(items[0]!.id);
      expect(after.counts).toEqual({ total: 2, unread: 0, read: 2 });
    });

    it("never shows or marks another user's notifications", async () => {
      const one = await buildUser(t.app, t.config.publicUrl);
      const two = await buildUser(t.app, t.config.publicUrl);
      await t.app.notifier.send([
        { userId: one.id, type: 'system_announcement', title: 'Private', message: '' },
      ]);
      const [item] = (await page(one.client)).items as [NotificationView];
      expect((await page(two.client)).items).toEqual([]);
      const marked = await two.client.post(`/api/notifications/${item.id}/read`);
      expect(marked.statusCode).toBe(404);
      expect(marked.json().error).toBe('notification_not_found');
      await two.client.post('/api/notifications/read-all');
      expect((await page(one.client)).counts.unread).toBe(1);
      expect(
        (await new TestClient(t.app, t.config.publicUrl).get('/api/notifications')).statusCode,
      ).toBe(401);
      expect((await new TestClient(t.app, t.config.publicUrl).get('/api/events')).statusCode).toBe(
        401,
      );
    });

    it('never fails the action when delivering fails, and delivers once it can', async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      await t.app.db.execute(sql`alter table notifications rename to notifications_away`);
      try {
        const created = await course.owner.post(
          `${base(course)}/assignments`,
          assignment({ title: 'Delivered later' }),
        );
        expect(created.statusCode).toBe(201);
        await t.app.notificationOutbox.flush();
      } finally {
        await t.app.db.execute(sql`alter table notifications_away rename to notifications`);
      }
      // The outbox kept it: the next delivery writes it (issue 23).
      await t.app.notificationOutbox.flush();
      await expect
        .poll(async () =>
          (await pageAfterInvitations(course.member)).items.map((item) => item.title),
        )
        .toEqual(['New assignment: Delivered later']);
    });
  });

  describe('live', () => {
    let url: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });

    it('pushes a new notification and the unread count to an open stream, and replays what was missed', async () => {
      const user = await buildUser(t.app, t.config.publicUrl);
      const stream = await openEvents(url, user.client.cookieHeader());
      try {
        expect(stream.status).toBe(200);
        expect((await stream.next('unread')).data).toEqual({ unread: 0 });
        await t.app.notifier.send([
          { userId: user.id, type: 'system_announcement', title: 'Live one', message: '' },
        ]);
        const pushed = await stream.next('notification');
        expect(pushed.data).toMatchObject({ title: 'Live one' });
        expect((await stream.next('unread')).data).toEqual({ unread: 1 });
        await user.client.post('/api/notifications/read-all');
        expect((await stream.next('unread')).data).toEqual({ unread: 0 });

        // A browser that reconnects with Last-Event-ID gets what it missed.
        stream.close();
        await t.app.notifier.send([
          { userId: user.id, type: 'system_announcement', title: 'Missed', message: '' },
        ]);
        const again = await openEvents(url, user.client.cookieHeader(), pushed.id);
        try {
          expect((await again.next('notification')).data).toMatchObject({ title: 'Missed' });
        } finally {
          again.close();
        }
      } finally {
        stream.close();
      }
    });
    it('reads the announcement payloads it writes, and nothing else', () => {
      const id = '0b9c7e2e-4f7a-4d7e-9a51-1c2d3e4f5a6b';
      expect(parseAnnouncement(`new:user:with:colons:${id}`)).toEqual({
        kind: 'new',
        userId: 'user:with:colons',
        notificationId: id,
      });
      expect(parseAnnouncement('unread:abc')).toEqual({ kind: 'unread', userId: 'abc' });
      for (const bad of ['', id, 'unread:', `new::${id}`, 'new:abc:not-a-uuid', 'other:abc']) {
        expect(parseAnnouncement(bad)).toBeNull();
      }
    });

    it("a burst for several users reaches each stream with that user's own unread count", async () => {
      const users = await Promise.all([0, 1, 2].map(() => buildUser(t.app, t.config.publicUrl)));
      const streams = await Promise.all(
        users.map((user) => openEvents(url, user.client.cookieHeader())),
      );
      try {
        for (const stream of streams)
          expect((await stream.next('unread')).data).toEqual({ unread: 0 });
        // The first user has two, the others one each, all announced in the same moment.
        await t.app.notifier.send([
          ...users.map((user) => ({
            userId: user.id,
            type: 'system_announcement',
            title: 'Burst',
            message: '',
          })),
          { userId: users[0]!.id, type: 'system_announcement', title: 'Burst 2', message: '' },
        ]);
        for (const [index, stream] of streams.entries()) {
          expect((await stream.next('notification')).data).toMatchObject({ title: 'Burst' });
          const unread = (await stream.next('unread')).data as { unread: number };
          // Read with its row: 1 or, for the first user, 1 or 2 (the second may be in already).
          expect(unread.unread).toBeGreaterThanOrEqual(1);
          expect(unread.unread).toBeLessThanOrEqual(index === 0 ? 2 : 1);
        }
        expect((await streams[0]!.next('notification')).data).toMatchObject({ title: 'Burst 2' });
        expect((await streams[0]!.next('unread')).data).toEqual({ unread: 2 });
      } finally {
        for (const stream of streams) stream.close();
      }
    });
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('several instances on one PostgreSQL', () => {
    it('delivers a notification caused on instance A to a page connected to instance B', async () => {
      const other = await t.anotherInstance();
      try {
        await other.app.listen({ port: 0, host: '127.0.0.1' });
        const address = other.app.server.address();
        const urlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
        const course = await buildCourse(t.app, t.config.publicUrl);
        const stream = await openEvents(urlB, course.member.cookieHeader());
        try {
          await stream.next('unread');
          const created = await course.owner.post(
            `${base(course)}/assignments`,
            assignment({ title: 'Across' }),
          );
          expect(created.statusCode).toBe(201);
          // B learns of A's notification only through LISTEN/NOTIFY (no poll, and no catch-up
          // without a lost connection), so its arrival at all is the proof; the wait is only a
          // bound a slow machine cannot miss, not a measure of speed (issue 22).
          let event = await stream.next('notification', 20_000);
          // The member's invitation to the course, which its outbox sends after the course is
          // built, may come first (it did in CI on a busy machine).
          while ((event.data as { title: string }).title.startsWith('You are invited to ')) {
            event = await stream.next('notification', 20_000);
          }
          expect(event.data).toMatchObject({ title: 'New assignment: Across' });
        } finally {
          stream.close();
        }
      } finally {
        await other.close();
      }
    });
  });
});
