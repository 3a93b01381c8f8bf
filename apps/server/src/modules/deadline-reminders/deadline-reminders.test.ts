// Deadline reminders (issue 26, decision 0031), with a moved clock (`now` handed to the sweep):
// a reminder goes out at the workspace's lead time and not before, to the leader of each team
// that has not handed in (every member's account when the leader has none) and to each member
// without their own answer to an individual task; once per person and deadline even with two
// sweepers at the same moment (two services on PGlite, two app instances on PostgreSQL); an
// extension reminds again for the new deadline; a lead of 0 sends none; the mail follows the
// choice in the preferences: at once, one daily digest (received once over SMTP), or none.
import type { NotificationView, Preferences } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildAssignmentInput, buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileOf, multipartBody } from '../../../test/multipart.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { rowsOf } from '../../db/rows.ts';
import { DeadlineReminders } from './deadline-reminders.service.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const pdf = () => multipartBody([{ name: 'files', filename: 'a.pdf', data: fileOf('pdf', 500) }]);

describe('deadline reminders', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The app mails through its dev outbox (the factories read their verification links there);
    // the digest's sweepers below mail through the real SMTP server.
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const base = (c: Course) => `/api/workspaces/${c.workspaceId}`;
  /** Another sweeper on the same database (as another instance's), mailing over SMTP. */
  const sweeper = () => {
    const transport = nodemailer.createTransport(smtp.smtpUrl);
    return new DeadlineReminders({
      db: t.app.db,
      log: t.app.log,
      outbox: t.app.notificationOutbox,
      mailer: {
        send: async (mail) => {
          await transport.sendMail({ from: 'teamshuffle@example.com', ...mail });
        },
      },
      publicUrl: t.config.publicUrl,
    });
  };
  /** The mails the app sent to `email` (its dev outbox). */
  const appMailsTo = (app: TestApp['app'], email: string) =>
    app.outbox.list().filter((message) => message.kind === 'mail' && message.to === email);
  const remindersOf = async (client: TestClient): Promise<NotificationView[]> => {
    await t.app.notificationOutbox.flush();
    const response = await client.get('/api/notifications');
    expect(response.statusCode).toBe(200);
    return response
      .json<{ items: NotificationView[] }>()
      .items.filter((item) => item.type === 'assignment_deadline_reminder');
  };
  const claimsOf = async (itemId: string) =>
    rowsOf<{ userId: string; dueAt: Date | string }>(
      await t.app.db.execute(sql`select user_id as "userId", due_at as "dueAt"
        from deadline_reminder_claims where item_id = ${itemId}`),
    );
  /** An assignment of the course due at `endAt` (open since an hour ago, as a real one). */
  const assignmentDue = async (c: Course, endAt: Date, title = `Essay ${Math.random()}`) => {
    const created = await c.owner.post(
      `${base(c)}/assignments`,
      buildAssignmentInput({ title, endAt: endAt.toISOString() }),
    );
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json().id as string, title };
  };
  /** A note with a task due at `deadline`, published unless `isPublished` is false. */
  const taskDue = async (
    c: Course,
    deadline: Date,
    { assignmentType = 'team', isPublished = true, title = `Task ${Math.random()}` } = {},
  ) => {
    const notes = `${base(c)}/notes`;
    const note = await c.owner.post(
      notes,
      buildNoteInput({
        task: buildTaskInput({ title, deadline: deadline.toISOString(), assignmentType }),
      }),
    );
    expect(note.statusCode).toBe(201);
    const id = note.json().id as string;
    if (isPublished) {
      const published = await c.owner.request('PATCH', `${notes}/${id}`, { isPublished: true });
      expect(published.statusCode).toBe(200);
    }
    return { id, title };
  };
  const handIn = async (client: TestClient, path: string) => {
    const { payload, headers } = pdf();
    const sent = await client.request('POST', path, payload, headers);
    expect(sent.statusCode).toBe(201);
  };

  it('reminds the leader of each team that has not handed in at the lead time, not before, once', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const t0 = Date.now();
    const due = new Date(t0 + 30 * HOUR);
    const work = await assignmentDue(c, due, 'Lab report');
    await handIn(c.leader, `${base(c)}/assignments/${work.id}/submissions`);

    // 24 h and a minute before: not yet.
    await t.app.deadlineReminders.remind(new Date(due.getTime() - 24 * HOUR - MINUTE));
    expect(await claimsOf(work.id)).toEqual([]);
    expect(await remindersOf(c.otherLeader)).toEqual([]);

    // At the lead time: Team 2's leader (Team 1 handed in); members are not told, nor the owner.
    const at = new Date(due.getTime() - 24 * HOUR + MINUTE);
    await t.app.deadlineReminders.remind(at);
    const [reminder] = await remindersOf(c.otherLeader);
    expect(reminder).toMatchObject({
      title: expect.stringContaining('Lab report'),
      message: expect.stringMatching(
        /^Team 2 has not handed in Lab report yet\. The deadline is .+\(Asia\/Seoul\)\.$/,
      ),
      data: {
        workspaceId: c.workspaceId,
        assignmentId: work.id,
        teamName: 'Team 2',
        dueAt: due.toISOString(),
        // For the reader's app, in the reader's language (decision 0041).
        text: {
          key: 'teamDeadlineDue',
          values: {
            team: '2',
            work: 'Lab report',
            dueAt: due.toISOString(),
            timeZone: 'Asia/Seoul',
          },
        },
      },
    });
    // The deadline in the workspace's zone, in English.
    const seoul = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Seoul',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(due);
    expect(reminder!.title).toContain(seoul);
    for (const client of [c.leader, c.member, c.otherMember, c.owner]) {
      expect(await remindersOf(client)).toEqual([]);
    }
    // Later sweeps before the deadline send nothing again.
    await t.app.deadlineReminders.remind(new Date(at.getTime() + HOUR));
    await t.app.deadlineReminders.remind(new Date(at.getTime() + 23 * HOUR));
    expect(await remindersOf(c.otherLeader)).toHaveLength(1);
    expect(await claimsOf(work.id)).toEqual([
      { userId: c.ids.otherLeader, dueAt: expect.anything() },
    ]);
    // Past the deadline: nothing.
    await t.app.deadlineReminders.remind(new Date(due.getTime() + MINUTE));
    expect(await claimsOf(work.id)).toHaveLength(1);
  });

  it("reminds a note's team task's leaders and an individual task's members without their own answer; drafts never", async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const now = new Date();
    const deadline = new Date(now.getTime() + 10 * HOUR);
    const team = await taskDue(c, deadline, { title: 'Team plan' });
    const single = await taskDue(c, deadline, {
      assignmentType: 'individual',
      title: 'Reflection',
    });
    const draft = await taskDue(c, deadline, { isPublished: false, title: 'Draft task' });
    await handIn(c.otherLeader, `${base(c)}/notes/${team.id}/submissions`);
    await handIn(c.member, `${base(c)}/notes/${single.id}/submissions`);

    await t.app.deadlineReminders.remind(now);
    const titles = async (client: TestClient) =>
      (await remindersOf(client)).map((item) => item.message.split(' yet.')[0]).sort();
    expect(await titles(c.leader)).toEqual([
      'Team 1 has not handed in Team plan',
      'You have not handed in Reflection',
    ]);
    expect(await titles(c.member)).toEqual([]);
    expect(await titles(c.otherLeader)).toEqual(['You have not handed in Reflection']);
    expect(await titles(c.otherMember)).toEqual(['You have not handed in Reflection']);
    expect(await claimsOf(draft.id)).toEqual([]);
    expect(
      (await remindersOf(c.leader)).find((item) => item.data.noteId === single.id),
    ).toMatchObject({
      data: {
        noteId: single.id,
        teamName: null,
        text: { key: 'deadlineDue', values: { work: 'Reflection', timeZone: 'Asia/Seoul' } },
      },
    });
  });

  it("reminds every member's account of a team whose leader has none", async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    // Team 2's leader's roster e-mail is one no account has (not signed up yet).
    await t.app.db
      .execute(sql`update workspace_members set email = ${`nobody-${Math.random()}@example.com`}
      where id = ${c.team2.memberIds[0]!}`);
    const now = new Date();
    const work = await assignmentDue(c, new Date(now.getTime() + 2 * HOUR));
    await t.app.deadlineReminders.remind(now);
    expect(await remindersOf(c.otherMember)).toHaveLength(1);
    expect(await remindersOf(c.otherLeader)).toEqual([]);
    expect(await remindersOf(c.leader)).toHaveLength(1);
    expect(await remindersOf(c.member)).toEqual([]);
    expect(await claimsOf(work.id)).toHaveLength(2);
  });

  it('sends once per person when two sweepers look at the same moment', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const now = new Date();
    const work = await assignmentDue(c, new Date(now.getTime() + HOUR));
    const single = await taskDue(c, new Date(now.getTime() + HOUR), {
      assignmentType: 'individual',
    });
    const other = sweeper();
    const counts = await Promise.all([
      t.app.deadlineReminders.remind(now),
      other.remind(now),
      t.app.deadlineReminders.remind(now),
    ]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(6);
    expect(await claimsOf(work.id)).toHaveLength(2);
    expect(await claimsOf(single.id)).toHaveLength(4);
    expect(await remindersOf(c.leader)).toHaveLength(2);
    expect(await remindersOf(c.otherMember)).toHaveLength(1);
  });

  it('reminds again for an extended deadline, and sends none where the lead is 0', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const t0 = Date.now();
    const work = await assignmentDue(c, new Date(t0 + 10 * HOUR), 'Extended');
    await t.app.deadlineReminders.remind(new Date(t0));
    expect(await remindersOf(c.leader)).toHaveLength(1);
    expect(await remindersOf(c.otherLeader)).toHaveLength(1);

    // Team 2 gets two more days (decision 0030: its deadline is the extension's).
    const extended = new Date(t0 + 58 * HOUR);
    const given = await c.owner.request(
      'PUT',
      `${base(c)}/assignments/${work.id}/extensions/teams/${c.team2.id}`,
      { dueAt: extended.toISOString() },
    );
    expect(given.statusCode, given.body).toBe(200);
    // A day before the old deadline passes nothing new; the old deadline passed, the new one is
    // 24 h away: Team 2's leader again, Team 1's not (its deadline is over).
    await t.app.deadlineReminders.remind(new Date(t0 + HOUR));
    expect(await remindersOf(c.otherLeader)).toHaveLength(1);
    await t.app.deadlineReminders.remind(new Date(extended.getTime() - 23 * HOUR));
    const again = await remindersOf(c.otherLeader);
    expect(again).toHaveLength(2);
    // Each names its own deadline.
    expect(again[0]!.title).not.toBe(again[1]!.title);
    expect(await remindersOf(c.leader)).toHaveLength(1);

    // A course whose lead is 0: nobody, ever.
    const quiet = await buildCourse(t.app, t.config.publicUrl);
    const set = await quiet.owner.request('PATCH', `${base(quiet)}/calendar`, {
      reminderHoursBefore: 0,
    });
    expect(set.statusCode).toBe(200);
    const silent = await assignmentDue(quiet, new Date(t0 + HOUR));
    await t.app.deadlineReminders.remind(new Date(t0));
    expect(await claimsOf(silent.id)).toEqual([]);
    expect(await remindersOf(quiet.leader)).toEqual([]);
  });

  it("reminds a member with an individual extension at their own deadline, the others at the task's", async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const t0 = Date.now();
    const single = await taskDue(c, new Date(t0 + 10 * HOUR), {
      assignmentType: 'individual',
      title: 'Essay draft',
    });
    const extended = new Date(t0 + 58 * HOUR);
    const given = await c.owner.request(
      'PUT',
      `${base(c)}/notes/${single.id}/extensions/members/${c.team2.memberIds[1]!}`,
      { dueAt: extended.toISOString() },
    );
    expect(given.statusCode, given.body).toBe(200);
    await t.app.deadlineReminders.remind(new Date(t0));
    const claimed = async () => (await claimsOf(single.id)).map((claim) => claim.userId).sort();
    expect(await claimed()).toEqual([c.ids.leader, c.ids.member, c.ids.otherLeader].sort());
    // The task's deadline passed; the member's own is 23 h away.
    await t.app.deadlineReminders.remind(new Date(extended.getTime() - 23 * HOUR));
    expect(await claimed()).toEqual(
      [c.ids.leader, c.ids.member, c.ids.otherLeader, c.ids.otherMember].sort(),
    );
    const [own] = await remindersOf(c.otherMember);
    expect(own).toMatchObject({
      message: expect.stringMatching(/^You have not handed in Essay draft yet\./),
      data: { noteId: single.id, dueAt: extended.toISOString() },
    });
  });

  it('follows a 48-hour lead', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const set = await c.owner.request('PATCH', `${base(c)}/calendar`, { reminderHoursBefore: 48 });
    expect(set.statusCode).toBe(200);
    const t0 = Date.now();
    const work = await assignmentDue(c, new Date(t0 + 47 * HOUR));
    await t.app.deadlineReminders.remind(new Date(t0 - 2 * HOUR));
    expect(await claimsOf(work.id)).toEqual([]);
    await t.app.deadlineReminders.remind(new Date(t0));
    expect(await claimsOf(work.id)).toHaveLength(2);
  });

  describe('mail', () => {
    const emailOf = async (client: TestClient) =>
      (await client.get('/api/me')).json<{ user: { email: string } }>().user.email;
    const choose = async (client: TestClient, choice: Partial<Preferences>) => {
      const saved = await client.request('PUT', '/api/preferences', choice);
      expect(saved.statusCode).toBe(200);
      return saved.json<Preferences>();
    };

    it('stores the choice, none by default, and refuses an unknown one', async () => {
      const c = await buildCourse(t.app, t.config.publicUrl);
      expect((await c.member.get('/api/preferences')).json()).toMatchObject({
        emailNotifications: false,
        reminderMail: 'none',
      });
      expect(await choose(c.member, { reminderMail: 'digest' })).toMatchObject({
        reminderMail: 'digest',
        emailNotifications: false,
      });
      const bad = await c.member.request('PUT', '/api/preferences', { reminderMail: 'weekly' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'validation_failed' });
      expect((await c.member.get('/api/preferences')).json()).toMatchObject({
        reminderMail: 'digest',
      });
      const signedOut = await c.anonymous.request('PUT', '/api/preferences', {
        reminderMail: 'immediate',
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('mails at once, gathers a daily digest sent once, or sends none', async () => {
      const c = await buildCourse(t.app, t.config.publicUrl);
      await choose(c.leader, { reminderMail: 'immediate' });
      await choose(c.otherLeader, { reminderMail: 'digest' });
      // New-assignment mails do not bring reminder mails.
      await choose(c.member, { reminderMail: 'none', emailNotifications: true });
      // A digest in Korean: the account's language (decision 0041).
      await choose(c.otherMember, { reminderMail: 'digest', language: 'ko' });
      const leaderEmail = await emailOf(c.leader);
      const otherEmail = await emailOf(c.otherLeader);
      const memberEmail = await emailOf(c.member);
      const koreanEmail = await emailOf(c.otherMember);
      const now = new Date();
      const work = await assignmentDue(c, new Date(now.getTime() + 20 * HOUR), 'Poster');
      const single = await taskDue(c, new Date(now.getTime() + 20 * HOUR), {
        assignmentType: 'individual',
        title: 'Journal',
      });
      expect(work && single).toBeTruthy();
      const reminderMailsTo = (email: string) =>
        appMailsTo(t.app, email).filter((mail) => mail.subject?.startsWith('Due '));
      await t.app.deadlineReminders.remind(now);
      await t.app.notificationOutbox.flush();

      // At once: one mail per reminder.
      await expect.poll(() => reminderMailsTo(leaderEmail).length).toBe(2);
      const subjects = reminderMailsTo(leaderEmail).map((mail) => mail.subject ?? '');
      expect(subjects.some((subject) => subject.includes('Poster'))).toBe(true);
      expect(subjects.some((subject) => subject.includes('Journal'))).toBe(true);
      // The digest's and no-mail's reminders are in the bell, not in mail.
      expect(await remindersOf(c.otherLeader)).toHaveLength(2);
      expect(await remindersOf(c.member)).toHaveLength(1);
      expect([...reminderMailsTo(otherEmail), ...reminderMailsTo(memberEmail)]).toEqual([]);

      // The day is not over: no digest yet.
      const [one, two] = [sweeper(), sweeper()];
      expect(await one.sendDigests(now)).toBe(0);
      // Just after the UTC day ends, two sweepers at once: one digest for each who chose it.
      const nextDay = new Date(now);
      nextDay.setUTCHours(24, 1, 0, 0);
      const sent = await Promise.all([one.sendDigests(nextDay), two.sendDigests(nextDay)]);
      expect(sent[0] + sent[1]).toBe(2);
      expect(await two.sendDigests(new Date(nextDay.getTime() + HOUR))).toBe(0);
      const digests = smtp.mails.filter(
        (mail) => mail.to.includes(otherEmail) || mail.to.includes(memberEmail),
      );
      expect(digests).toHaveLength(1);
      expect(digests[0]!.to).toEqual([otherEmail]);
      expect(digests[0]!.subject).toMatch(
        /^Deadline reminders of \d{4}-\d{2}-\d{2}: 2 not handed in$/,
      );
      expect(digests[0]!.text).toContain('Team 2 has not handed in Poster yet.');
      expect(digests[0]!.text).toContain('You have not handed in Journal yet.');
      const korean = smtp.mails.filter((mail) => mail.to.includes(koreanEmail));
      expect(korean).toHaveLength(1);
      expect(korean[0]!.subject).toMatch(/^\d{4}-\d{2}-\d{2} 마감 알림: 미제출 1건$/);
      expect(korean[0]!.text).toContain('아직 Journal을(를) 제출하지 않았습니다.');
      expect(korean[0]!.text).toContain('Journal 마감: ');
    });
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
    it('reminds each person once and mails a digest once when both sweep at the same moment', async () => {
      const other = await t.anotherInstance();
      try {
        const c = await buildCourse(t.app, t.config.publicUrl);
        await choose2(c.otherMember, 'digest');
        const now = new Date();
        const work = await assignmentDue(c, new Date(now.getTime() + HOUR), 'Twice?');
        const single = await taskDue(c, new Date(now.getTime() + HOUR), {
          assignmentType: 'individual',
          title: 'Once?',
        });
        await Promise.all([
          t.app.deadlineReminders.sweep(now),
          other.app.deadlineReminders.sweep(now),
        ]);
        await Promise.all([t.app.notificationOutbox.flush(), other.app.notificationOutbox.flush()]);
        expect(await claimsOf(work.id)).toHaveLength(2);
        expect(await claimsOf(single.id)).toHaveLength(4);
        await expect.poll(async () => (await remindersOf(c.otherLeader)).length).toBe(2);
        expect(await remindersOf(c.otherMember)).toHaveLength(1);

        const email = (await c.otherMember.get('/api/me')).json<{ user: { email: string } }>().user
          .email;
        const nextDay = new Date(now);
        nextDay.setUTCHours(24, 1, 0, 0);
        await Promise.all([
          t.app.deadlineReminders.sweep(nextDay),
          other.app.deadlineReminders.sweep(nextDay),
        ]);
        await Promise.all([
          t.app.deadlineReminders.sweep(nextDay),
          other.app.deadlineReminders.sweep(nextDay),
        ]);
        const digestsTo = () =>
          [...appMailsTo(t.app, email), ...appMailsTo(other.app, email)].filter((mail) =>
            mail.subject?.startsWith('Deadline reminders of '),
          );
        expect(digestsTo()).toHaveLength(1);
        // Its only reminder: the individual task (the team's assignment reminds its leader).
        expect(digestsTo()[0]!.text).toContain('You have not handed in Once? yet.');
        expect(digestsTo()[0]!.text).not.toContain('Twice?');
      } finally {
        await other.close();
      }
    });
  });

  const choose2 = async (client: TestClient, reminderMail: Preferences['reminderMail']) => {
    const saved = await client.request('PUT', '/api/preferences', { reminderMail });
    expect(saved.statusCode).toBe(200);
  };
});
