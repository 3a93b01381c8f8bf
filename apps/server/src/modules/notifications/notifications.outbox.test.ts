// The notification outbox (issue 23, decision 0014): notifications exist if and only if their
// action committed, an instance that starts delivers what a dead one left, a redelivery (or two
// instances at once) writes one notification and sends one mail, and rows are delivered in
// commit order. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL (two instances there).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse } from '../../../test/course.ts';
import {
  createTestApp,
  makeTempDir,
  type TestApp,
  writeWebFixture,
} from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Db } from '../../plugins/database.ts';
import { enqueueNotifications, type OutboxEntry } from './notifications.outbox.ts';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A verified account straight in the database, which chose mail or not. */
async function insertUser(db: Db, { wantsMail = false, name = 'Outbox User' } = {}) {
  const id = randomUUID();
  const email = `outbox-${id}@example.com`;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified) values (${id}, ${name}, ${email}, true)`);
  await db.execute(sql`
    insert into user_preferences (user_id, email_notifications) values (${id}, ${wantsMail})`);
  return { id, email };
}

function entry(userId: string, title: string, type = 'assignment_created'): OutboxEntry {
  return { key: `test:${randomUUID()}`, userId, type, title, message: `About ${title}` };
}

async function enqueue(db: Db, entries: OutboxEntry[]) {
  await db.transaction((tx) => enqueueNotifications(tx, entries));
}

/**
 * The user's notifications but the invitations: a course built with its members' e-mails invites
 * their accounts (issue 24, decision 0021; invitations.test.ts tests those).
 */
async function notificationsOf(db: Db, userId: string) {
  return rowsOf<{ title: string; dedupeKey: string | null; seq: number }>(
    await db.execute(sql`
      select title, dedupe_key as "dedupeKey", seq::int as seq from notifications
      where user_id = ${userId} and type <> 'workspace_invited' order by seq`),
  );
}

async function outboxRow(db: Db, key: string) {
  const [row] = rowsOf<{ deliveredAt: Date | null; mailState: string | null }>(
    await db.execute(sql`
      select delivered_at as "deliveredAt", mail_state as "mailState" from notification_outbox
      where dedupe_key = ${key}`),
  );
  return row;
}

describe('the notification outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

  it('never delivers a notification enqueued in a transaction that rolled back', async () => {
    const user = await insertUser(t.app.db, { wantsMail: true });
    const rolledBack = entry(user.id, 'Never');
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueNotifications(tx, [rolledBack]);
        throw new Error('the action failed after enqueueing');
      }),
    ).rejects.toThrow('the action failed');
    const committed = entry(user.id, 'Committed');
    await enqueue(t.app.db, [committed]);
    await t.app.notificationOutbox.flush();
    expect((await notificationsOf(t.app.db, user.id)).map((row) => row.title)).toEqual([
      'Committed',
    ]);
    expect(await outboxRow(t.app.db, rolledBack.key)).toBeUndefined();
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual(['Committed']);
  });

  it('writes one notification and sends one mail however often a row is delivered', async () => {
    const user = await insertUser(t.app.db, { wantsMail: true });
    const once = entry(user.id, 'Once');
    await enqueue(t.app.db, [once]);
    await Promise.all([t.app.notificationOutbox.flush(), t.app.notificationOutbox.flush()]);
    expect(await outboxRow(t.app.db, once.key)).toMatchObject({ mailState: 'sent' });
    // Redelivered as if the mark had been lost: the notification's key and the mail's state hold.
    for (let round = 0; round < 2; round++) {
      await t.app.db.execute(
        sql`update notification_outbox set delivered_at = null where dedupe_key = ${once.key}`,
      );
      await Promise.all([t.app.notificationOutbox.flush(), t.app.notificationOutbox.flush()]);
      expect(await outboxRow(t.app.db, once.key)).toMatchObject({ mailState: 'sent' });
    }
    expect(await notificationsOf(t.app.db, user.id)).toEqual([
      expect.objectContaining({ title: 'Once', dedupeKey: once.key }),
    ]);
    expect(mailsTo(user.email)).toHaveLength(1);
    // The same key enqueued again (a repeated action) is one row and still one notification.
    await enqueue(t.app.db, [{ ...once, title: 'Once again' }]);
    await t.app.notificationOutbox.flush();
    expect(await notificationsOf(t.app.db, user.id)).toHaveLength(1);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('never sends again a mail whose sender died while sending it', async () => {
    const user = await insertUser(t.app.db, { wantsMail: true });
    const row = entry(user.id, 'Died sending');
    t.app.notificationOutbox.pause();
    try {
      await enqueue(t.app.db, [row]);
      // Delivered, and the mail marked as being sent, by an instance that then died.
      await t.app.db.execute(sql`
        update notification_outbox set delivered_at = now(), mail_state = 'sending'
        where dedupe_key = ${row.key}`);
    } finally {
      t.app.notificationOutbox.resume();
    }
    await t.app.notificationOutbox.flush();
    expect(await outboxRow(t.app.db, row.key)).toMatchObject({ mailState: 'sending' });
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it('delivers in commit order', async () => {
    const user = await insertUser(t.app.db);
    const titles = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth'];
    t.app.notificationOutbox.pause();
    try {
      for (const title of titles) await enqueue(t.app.db, [entry(user.id, title)]);
    } finally {
      t.app.notificationOutbox.resume();
    }
    await t.app.notificationOutbox.flush();
    expect((await notificationsOf(t.app.db, user.id)).map((row) => row.title)).toEqual(titles);
  });

  it('retries a row whose delivery failed, and delivers the rows after it only after it', async () => {
    const user = await insertUser(t.app.db);
    t.app.notificationOutbox.pause();
    await t.app.db.execute(sql`alter table notifications rename to notifications_away`);
    try {
      await enqueue(t.app.db, [entry(user.id, 'Blocked')]);
      await enqueue(t.app.db, [entry(user.id, 'Behind')]);
      t.app.notificationOutbox.resume();
      await t.app.notificationOutbox.flush();
      const [failed] = rowsOf<{ attempts: number; lastError: string }>(
        await t.app.db.execute(sql`
          select attempts, last_error as "lastError" from notification_outbox
          where user_id = ${user.id} and delivered_at is null order by id limit 1`),
      );
      expect(failed?.attempts).toBeGreaterThanOrEqual(1);
    } finally {
      await t.app.db.execute(sql`alter table notifications_away rename to notifications`);
    }
    await t.app.notificationOutbox.flush();
    expect((await notificationsOf(t.app.db, user.id)).map((row) => row.title)).toEqual([
      'Blocked',
      'Behind',
    ]);
  });

  it("waits for a dead holder's lease to lapse, then delivers what it left", async () => {
    const user = await insertUser(t.app.db);
    // An instance that took the queue and died: its lease runs 2 s more.
    await t.app.db.execute(sql`
      update notification_outbox_lease
      set holder = 'a-dead-instance', expires_at = now() + interval '2 seconds'`);
    const left = entry(user.id, 'Left by the dead');
    await enqueue(t.app.db, [left]);
    await t.app.notificationOutbox.flush();
    // Nobody delivers under a lease that has not lapsed...
    expect(await outboxRow(t.app.db, left.key)).toMatchObject({ deliveredAt: null });
    // ...and the next look after it lapsed does (the poll: no new action needed).
    await expect
      .poll(async () => (await outboxRow(t.app.db, left.key))?.deliveredAt ?? null, {
        timeout: 15_000,
        interval: 250,
      })
      .not.toBeNull();
    expect((await notificationsOf(t.app.db, user.id)).map((row) => row.title)).toEqual([
      'Left by the dead',
    ]);
  });

  it('keeps a mail the mail server refused pending, and writes the notification anyway', async () => {
    // An SMTP server that stops answering: its address refuses connections once it is closed.
    const gone = await startSmtpServer();
    await gone.close();
    const offline = await createTestApp({ SMTP_URL: gone.smtpUrl });
    try {
      const user = await insertUser(offline.app.db, { wantsMail: true });
      const refused = entry(user.id, 'Mail server down');
      await enqueue(offline.app.db, [refused]);
      await offline.app.notificationOutbox.flush();
      expect((await notificationsOf(offline.app.db, user.id)).map((row) => row.title)).toEqual([
        'Mail server down',
      ]);
      const [row] = rowsOf<{
        mailState: string;
        mailAttempts: number;
        lastError: string | null;
        isLater: boolean;
      }>(
        await offline.app.db.execute(sql`
          select mail_state as "mailState", mail_attempts as "mailAttempts",
            last_error as "lastError", mail_next_at > now() as "isLater"
          from notification_outbox where dedupe_key = ${refused.key}`),
      );
      expect(row).toMatchObject({ mailState: 'pending', mailAttempts: 1, isLater: true });
      expect(row?.lastError).toBeTruthy();
    } finally {
      await offline.close();
    }
  }, 60_000);

  describe.runIf(isPostgres)('several instances on one PostgreSQL', () => {
    it('keeps commit order when two actions enqueue at the same moment', async () => {
      const user = await insertUser(t.app.db);
      let commitFirst!: () => void;
      const held = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstEnqueued!: () => void;
      const enqueued = new Promise<void>((resolve) => (firstEnqueued = resolve));
      // The first transaction enqueues and holds; the second must wait for its commit to enqueue.
      const first = t.app.db.transaction(async (tx) => {
        await enqueueNotifications(tx, [entry(user.id, 'Committed first')]);
        firstEnqueued();
        await held;
      });
      const waiting = async () => {
        const [row] = rowsOf<{ n: number }>(
          await t.app.db.execute(sql`
            select count(*)::int as n from pg_locks
            where locktype = 'advisory' and not granted and database = (
              select oid from pg_database where datname = current_database())`),
        );
        return row?.n ?? 0;
      };
      // A condition waited for, not a time: on a loaded machine the second transaction has taken
      // over a second to reach the lock (vitest's poll gives up after one by default), and the
      // first is let go whatever happens, or the app's close waits for it forever.
      let second: Promise<void> | undefined;
      try {
        // The second starts only once the first holds the order lock: started before it, the
        // second took the lock first on a loaded machine and committed first (CI, 2026-11-26).
        await Promise.race([enqueued, first]);
        await expect.poll(waiting, { timeout: 30_000 }).toBe(0);
        second = t.app.db.transaction((tx) =>
          enqueueNotifications(tx, [entry(user.id, 'Committed second')]),
        );
        await expect.poll(waiting, { timeout: 30_000 }).toBe(1);
      } finally {
        commitFirst();
      }
      await Promise.all([first, second]);
      await t.app.notificationOutbox.flush();
      expect((await notificationsOf(t.app.db, user.id)).map((row) => row.title)).toEqual([
        'Committed first',
        'Committed second',
      ]);
    });

    it('two instances deliver each row once, and send each mail once', async () => {
      const other = await t.anotherInstance();
      try {
        const users = await Promise.all(
          [true, false, true, false].map((wantsMail) => insertUser(t.app.db, { wantsMail })),
        );
        const entries = users.flatMap((user) =>
          Array.from({ length: 8 }, (_, i) => entry(user.id, `Burst ${i}`)),
        );
        // Enqueued on both instances, delivered by both at once.
        await Promise.all(
          entries.map((item, i) => enqueue((i % 2 === 0 ? t : other).app.db, [item])),
        );
        await Promise.all([
          t.app.notificationOutbox.flush(),
          other.app.notificationOutbox.flush(),
          t.app.notificationOutbox.flush(),
          other.app.notificationOutbox.flush(),
        ]);
        await expect
          .poll(async () => {
            const [row] = rowsOf<{ n: number }>(
              await t.app.db.execute(sql`
                select count(*)::int as n from notification_outbox
                where delivered_at is null or mail_state = 'pending'`),
            );
            return row?.n;
          })
          .toBe(0);
        for (const [index, user] of users.entries()) {
          const rows = await notificationsOf(t.app.db, user.id);
          expect(rows.map((row) => row.title).sort()).toEqual(
            Array.from({ length: 8 }, (_, i) => `Burst ${i}`).sort(),
          );
          expect(mailsTo(user.email)).toHaveLength(index % 2 === 0 ? 8 : 0);
        }
      } finally {
        await other.close();
      }
    });
  });
});

/** One instance of the app on a database that outlives it (PGlite on disk, or PostgreSQL). */
async function restartableDatabase() {
  if (isPostgres) {
    const first = await createTestApp();
    let current: TestApp | null = null;
    return {
      app: first.app,
      origin: first.config.publicUrl,
      restart: async (): Promise<FastifyInstance> => {
        await first.app.close();
        current = await first.anotherInstance();
        return current.app;
      },
      cleanup: async () => {
        await current?.close();
        await first.close();
      },
    };
  }
  const temp = makeTempDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: temp.dir,
    AUTH_SECRET: randomUUID(),
    WEB_DIST_DIR: writeWebFixture(temp.dir),
  });
  const first = await buildApp(config);
  await first.ready();
  let current = first;
  return {
    app: first,
    origin: config.publicUrl,
    restart: async () => {
      await first.close();
      current = await buildApp(config);
      await current.ready();
      return current;
    },
    cleanup: async () => {
      await current.close();
      temp.remove();
    },
  };
}

describe('an instance that starts', () => {
  it('delivers what a dead instance committed and did not deliver', async () => {
    const database = await restartableDatabase();
    try {
      const { app, origin } = database;
      const course = await buildCourse(app, origin);
      await course.member.request('PUT', '/api/preferences', { emailNotifications: true });
      const memberEmail = course.detail.members.find(
        (m) => m.id === course.team1.memberIds[1],
      )!.email!;
      // The instance answers 201 and dies before it delivers anything.
      app.notificationOutbox.pause();
      const created = await course.owner.post(`/api/workspaces/${course.workspaceId}/assignments`, {
        title: 'Left behind',
        description: '',
        startAt: null,
        endAt: null,
        maxFileSizeMb: 1,
        allowedTypes: ['pdf'],
      });
      expect(created.statusCode).toBe(201);
      const queued = async (db: Db) =>
        rowsOf<{ userId: string; deliveredAt: Date | null }>(
          await db.execute(sql`
            select user_id as "userId", delivered_at as "deliveredAt" from notification_outbox
            where title = 'New assignment: Left behind'`),
        );
      expect((await queued(app.db)).map((row) => row.deliveredAt)).toEqual([
        null,
        null,
        null,
        null,
      ]);
      const next = await database.restart();
      // Delivered at start, without any new action.
      await expect
        .poll(async () => (await queued(next.db)).every((row) => row.deliveredAt !== null), {
          timeout: 20_000,
        })
        .toBe(true);
      for (const id of [
        course.ids.leader,
        course.ids.member,
        course.ids.otherLeader,
        course.ids.otherMember,
      ]) {
        expect((await notificationsOf(next.db, id)).map((row) => row.title)).toEqual([
          'New assignment: Left behind',
        ]);
      }
      expect(await notificationsOf(next.db, course.ids.owner)).toEqual([]);
      await expect
        .poll(() =>
          next.outbox
            .list()
            .filter((mail) => mail.subject === 'New assignment: Left behind')
            .map((mail) => mail.to),
        )
        .toEqual([memberEmail]);
    } finally {
      await database.cleanup();
    }
    // Two apps on a database on disk: PGlite's start twice on a busy machine.
  }, 120_000);
});
