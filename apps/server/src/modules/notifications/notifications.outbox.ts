import { randomUUID } from 'node:crypto';
import {
  escapeHtml,
  formatDateTimeIn,
  type Language,
  type NotificationData,
  notificationWordsIn,
} from '@teamshuffle/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Listen } from '../../plugins/database.ts';
import { inertHtml, inertText, type Mail, type Mailer } from '../../plugins/mail.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type NewNotification,
  NOTIFICATION_CHANNEL,
  writeNotification,
} from './notifications.repository.ts';
import { notificationOutbox, notificationOutboxLease } from './notifications.table.ts';
import { CoalescedRun } from '../../workers/coalesced-run.ts';

// The notification outbox (issue 23, docs/decisions/0014-notification-outbox.md). An action
// enqueues the notifications it causes in its own transaction; after commit a delivery loop on
// any instance writes them (with their live events and mails), at least once, deduplicated by key,
// in commit order. Nothing here runs in a route handler.

/**
 * What an enqueueing transaction announces on NOTIFICATION_CHANNEL to wake every instance's
 * delivery at its commit (the live streams' channel: one listening connection serves both, and the
 * live hub ignores a payload it does not know).
 */
export const OUTBOX_WAKE_UP = 'outbox';
/** How often each instance looks for rows nobody delivered (a dead instance's, a lost wake-up). */
export const OUTBOX_POLL_MS = 5_000;
/** How long a delivering instance holds the queue without renewing (a dead one's is taken after it). */
export const OUTBOX_LEASE_MS = 15_000;
/** How long delivered rows are kept (their keys still refuse a repeat: the notification keeps it). */
export const OUTBOX_RETENTION_DAYS = 7;
/** A row whose delivery failed this often is set aside (logged) so the rows after it go on. */
const MAX_DELIVERY_ATTEMPTS = 10;
/** A mail the SMTP server refused this often is given up (logged). */
const MAX_MAIL_ATTEMPTS = 5;
// Taken by every enqueueing transaction and held to its commit: ids are handed out in commit
// order, so delivering in id order is delivering in commit order. Any constant will do.
const ORDER_LOCK_ID = 7_240_323;

/** Types whose notifications also go by e-mail to users who chose so (issue 13). */
export const MAILED_TYPES = new Set([
  'assignment_created',
  'assignment_deadline_reminder',
  // issue 25: a student's graded work, as the other notifications mailed by choice
  'submission_graded',
]);

/** A notification to enqueue, with its key: one notification per key, ever. */
export type OutboxEntry = NewNotification & { key: string };

/**
 * Enqueues notifications inside the action's transaction `tx` (they are delivered if and only if
 * it commits). An entry whose key is already queued is left out. Every instance's delivery wakes
 * at the commit.
 */
export async function enqueueNotifications(tx: Db, entries: readonly OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK_ID})`);
  await tx
    .insert(notificationOutbox)
    .values(
      entries.map((entry) => ({
        dedupeKey: entry.key,
        userId: entry.userId,
        type: entry.type,
        title: entry.title,
        message: entry.message,
        data: entry.data ?? {},
      })),
    )
    .onConflictDoNothing({ target: notificationOutbox.dedupeKey });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${OUTBOX_WAKE_UP})`);
}

/** A notification mail's own words, by language (decision 0041). */
const MAIL_WORDS: Record<
  Language,
  { hello: (name: string) => string; open: string; footer: string }
> = {
  en: {
    hello: (name) => `Hello ${name},`,
    open: 'Open it',
    footer: 'You get these e-mails because you chose so in your Teamshuffle profile.',
  },
  ko: {
    hello: (name) => `${name}님, 안녕하세요.`,
    open: '열기',
    footer: 'Teamshuffle 프로필에서 이메일 알림을 켜 두셨기 때문에 이 메일을 받습니다.',
  },
};

/** A moment as a mail writes it: the reader's zone is not known, so UTC, named. */
function utcMoment(iso: string, language: Language): string {
  return `${formatDateTimeIn(iso, { timeZone: 'UTC', language })} UTC`;
}

/**
 * The mail of a notification, in the recipient's language (decision 0041: the account's, English
 * when not known): the notification's words in it, or its stored title and message. Names and
 * titles are the users' text: they never become links (`inertText`); the only link is ours.
 */
export function notificationMail(
  to: { email: string; name: string; language?: Language | null },
  item: Pick<NewNotification, 'title' | 'message' | 'data'>,
  publicUrl: string,
): Mail {
  const language = to.language ?? 'en';
  const own = MAIL_WORDS[language];
  const words = notificationWordsIn(language, item.data?.text, (iso) =>
    utcMoment(iso, language),
  ) ?? { title: item.title, message: item.message };
  const link = item.data?.workspaceId
    ? `${publicUrl}/workspace/${item.data.workspaceId}`
    : `${publicUrl}/notifications`;
  return {
    to: to.email,
    subject: inertText(words.title),
    text: `${own.hello(inertText(to.name))}\n\n${inertText(words.title)}\n${inertText(words.message)}\n\n${own.open}: ${link}\n\n${own.footer}`,
    html: `<p>${own.hello(inertHtml(to.name))}</p><p><strong>${inertHtml(words.title)}</strong><br>${inertHtml(words.message)}</p><p><a href="${escapeHtml(link)}">${own.open}</a></p><p>${own.footer}</p>`,
  };
}

type OutboxRow = typeof notificationOutbox.$inferSelect;

type Subscriber = { onPayload: (payload: string) => void; onReconnect?: () => void };

/**
 * A `Listen` that opens one listening connection per channel however many subscribe to it (each
 * is a PostgreSQL connection per instance), and hands every payload to every subscriber.
 */
export function sharedListen(listen: Listen): Listen {
  const channels = new Map<
    string,
    { subscribers: Set<Subscriber>; stop: Promise<() => Promise<void>> }
  >();
  return async (channel, onPayload, onReconnect) => {
    let shared = channels.get(channel);
    if (!shared) {
      const subscribers = new Set<Subscriber>();
      const stop = listen(
        channel,
        (payload) => {
          for (const subscriber of subscribers) subscriber.onPayload(payload);
        },
        () => {
          for (const subscriber of subscribers) subscriber.onReconnect?.();
        },
      );
      shared = { subscribers, stop };
      channels.set(channel, shared);
      stop.catch(() => channels.delete(channel));
    }
    const current = shared;
    const subscriber: Subscriber = { onPayload, onReconnect };
    current.subscribers.add(subscriber);
    const stopListening = await current.stop;
    return async () => {
      current.subscribers.delete(subscriber);
      if (current.subscribers.size > 0) return;
      channels.delete(channel);
      await stopListening();
    };
  };
}

/**
 * Delivers the outbox: one instance at a time holds the queue (a lease row, renewed as it works,
 * taken over once it lapses), and writes each committed row's notification in id order, one
 * transaction per row that also marks it delivered; then sends the mails it left pending, each
 * marked `sending` before and `sent` after. Woken at every enqueueing commit (NOTIFY), every
 * `OUTBOX_POLL_MS`, and at start.
 */
export class NotificationOutbox {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;
  /** This instance, as the lease's holder. */
  readonly instanceId = randomUUID();
  #stopListening: (() => Promise<void>) | null = null;
  #poll: NodeJS.Timeout | null = null;
  readonly #runs = new CoalescedRun(
    () => this.#run(),
    (error: unknown) => this.#log.warn({ err: error }, 'the notification outbox stalled'),
    () => !this.#isPaused && !this.#isStopped,
  );
  #isPaused = false;
  #isStopped = false;
  #lastSweep = 0;

  constructor(deps: { db: Db; log: FastifyBaseLogger; mailer: Mailer; publicUrl: string }) {
    this.#db = deps.db;
    this.#log = deps.log;
    this.#mailer = deps.mailer;
    this.#publicUrl = deps.publicUrl;
  }

  async start(listen: Listen) {
    this.#stopListening = await listen(
      NOTIFICATION_CHANNEL,
      (payload) => {
        if (payload === OUTBOX_WAKE_UP) this.kick();
      },
      () => this.kick(),
    );
    this.#poll = setInterval(() => this.kick(), OUTBOX_POLL_MS);
    this.#poll.unref();
    // What a dead instance left, at once.
    this.kick();
  }

  /** Stops delivering (what is not delivered stays for the next instance) and lets go of the queue. */
  async stop() {
    this.#isStopped = true;
    if (this.#poll) clearInterval(this.#poll);
    await this.#stopListening?.();
    await this.#runs.idle();
    await this.#release().catch(() => {});
  }

  /** Tests: stands for an instance that dies before it delivers (rows stay queued). */
  pause() {
    this.#isPaused = true;
  }

  /** Tests: delivers again after `pause`. */
  resume() {
    this.#isPaused = false;
    this.kick();
  }

  /** Looks for work now (a run in progress looks again when it ends). */
  kick() {
    this.#runs.kick();
  }

  /** Delivers what is queued now and waits until this instance has nothing left to do. */
  async flush() {
    this.kick();
    await this.#runs.idle();
  }

  async #run() {
    for (;;) {
      if (this.#isPaused || this.#isStopped || !(await this.#hasWork())) return;
      // Another instance delivers: it looks again after letting go, so nothing is left behind.
      if (!(await this.#claim())) return;
      try {
        let handled = 0;
        while (!this.#isPaused && !this.#isStopped) {
          const outcome = await this.#deliverNext();
          if (outcome === 'none') break;
          // A failed row is retried at the next poll, before anything after it.
          if (outcome === 'failed') return;
          if (++handled % 20 === 0 && !(await this.#claim())) return;
        }
        while (!this.#isPaused && !this.#isStopped && (await this.#claim())) {
          if (!(await this.#mailNext())) break;
        }
        await this.#sweep();
      } finally {
        await this.#release();
      }
    }
  }

  async #hasWork(): Promise<boolean> {
    const [row] = rowsOf<{ hasWork: boolean }>(
      await this.#db.execute(sql`
        select exists (select 1 from notification_outbox where delivered_at is null)
          or exists (select 1 from notification_outbox where mail_state = 'pending'
            and (mail_next_at is null or mail_next_at <= now())) as "hasWork"`),
    );
    return row?.hasWork === true;
  }

  /** Takes or renews the lease on the queue; false while another instance holds it. */
  async #claim(): Promise<boolean> {
    const claimed = await this.#db
      .update(notificationOutboxLease)
      .set({
        holder: this.instanceId,
        expiresAt: sql`now() + make_interval(secs => ${OUTBOX_LEASE_MS / 1000})`,
      })
      .where(
        sql`${notificationOutboxLease.id} = 1 and (${notificationOutboxLease.holder} = ${this.instanceId}
          or ${notificationOutboxLease.holder} is null or ${notificationOutboxLease.expiresAt} < now())`,
      )
      .returning({ holder: notificationOutboxLease.holder });
    return claimed.length === 1;
  }

  async #release() {
    await this.#db
      .update(notificationOutboxLease)
      .set({ holder: null, expiresAt: sql`'-infinity'` })
      .where(
        and(eq(notificationOutboxLease.id, 1), eq(notificationOutboxLease.holder, this.instanceId)),
      );
  }

  /**
   * Writes the oldest undelivered row's notification and marks the row delivered, in one
   * transaction (the row is locked: an instance whose lease lapsed while it worked waits here and
   * then finds the row delivered). The notification's dedupe key is the row's, so even a row
   * delivered twice writes one.
   */
  async #deliverNext(): Promise<'delivered' | 'none' | 'failed'> {
    let head: OutboxRow | undefined;
    try {
      return await this.#db.transaction(async (tx) => {
        [head] = await tx
          .select()
          .from(notificationOutbox)
          .where(isNull(notificationOutbox.deliveredAt))
          .orderBy(asc(notificationOutbox.id))
          .limit(1)
          .for('update');
        if (!head) return 'none';
        const row = head;
        const written = await writeNotification(
          tx,
          {
            userId: row.userId,
            type: row.type,
            title: row.title,
            message: row.message,
            data: row.data,
          },
          row.dedupeKey,
        );
        // A mail goes with a new notification only, and only once (its state stays on the row).
        let mailState = row.mailState;
        if (mailState === null && written?.isNew && MAILED_TYPES.has(row.type)) {
          mailState = (await this.#recipient(tx, row.userId, row.type)) ? 'pending' : null;
        }
        await tx
          .update(notificationOutbox)
          .set({ deliveredAt: sql`now()`, notificationId: written?.id ?? null, mailState })
          .where(eq(notificationOutbox.id, row.id));
        return 'delivered';
      });
    } catch (error) {
      if (!head) throw error;
      await this.#failed(head, error);
      return 'failed';
    }
  }

  async #failed(row: OutboxRow, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const isSetAside = row.attempts + 1 >= MAX_DELIVERY_ATTEMPTS;
    this.#log[isSetAside ? 'error' : 'warn'](
      { err: error, outboxId: row.id, type: row.type, userId: row.userId },
      isSetAside
        ? 'a notification could not be delivered and is set aside'
        : 'a notification could not be delivered yet',
    );
    await this.#db
      .update(notificationOutbox)
      .set({
        attempts: sql`${notificationOutbox.attempts} + 1`,
        lastError: message.slice(0, 1000),
        ...(isSetAside ? { deliveredAt: sql`now()` } : {}),
      })
      .where(eq(notificationOutbox.id, row.id));
  }

  /**
   * Who gets a user's notification mails: a verified address whose owner chose them (deadline
   * reminders: chose them at once; a digest is the reminders module's, decision 0031).
   */
  async #recipient(db: Db, userId: string, type: string) {
    const isChosen =
      type === 'assignment_deadline_reminder'
        ? sql`p.reminder_mail = 'immediate'`
        : sql`p.email_notifications`;
    const [to] = rowsOf<{ email: string; name: string; language: Language | null }>(
      await db.execute(sql`
        select u.email, u.name, p.language from "user" u
        join user_preferences p on p.user_id = u.id
        where u.id = ${userId} and ${isChosen} and u.email_verified`),
    );
    return to;
  }

  /**
   * Sends the oldest pending mail. It is marked `sending` first (committed), so however many
   * deliveries look at it, it goes once: a refusal by the mail server puts it back (later, a few
   * times), and a sender that dies in between leaves it `sending`, never sent twice.
   */
  async #mailNext(): Promise<boolean> {
    const [row] = rowsOf<{
      id: number;
      userId: string;
      type: string;
      title: string;
      message: string;
      data: Partial<NotificationData>;
      mailAttempts: number;
    }>(
      await this.#db.execute(sql`
        update notification_outbox set mail_state = 'sending', mail_attempts = mail_attempts + 1
        where id = (
          select id from notification_outbox
          where mail_state = 'pending' and (mail_next_at is null or mail_next_at <= now())
          order by id limit 1 for update skip locked)
        returning id, user_id as "userId", type, title, message, data, mail_attempts as "mailAttempts"`),
    );
    if (!row) return false;
    const to = await this.#recipient(this.#db, row.userId, row.type);
    try {
      if (to) await this.#mailer.send(notificationMail(to, row, this.#publicUrl));
      await this.#db
        .update(notificationOutbox)
        .set(to ? { mailState: 'sent', mailedAt: sql`now()` } : { mailState: null })
        .where(eq(notificationOutbox.id, row.id));
    } catch (error) {
      const isGivenUp = row.mailAttempts >= MAX_MAIL_ATTEMPTS;
      this.#log.warn({ err: error, outboxId: row.id }, 'a notification mail was not sent');
      await this.#db
        .update(notificationOutbox)
        .set({
          mailState: isGivenUp ? 'failed' : 'pending',
          // 30 s, 1, 2, 4 minutes.
          mailNextAt: sql`now() + make_interval(secs => ${30 * 2 ** (row.mailAttempts - 1)})`,
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        })
        .where(eq(notificationOutbox.id, row.id));
    }
    return true;
  }

  /** Removes rows delivered (and mailed) more than OUTBOX_RETENTION_DAYS ago, hourly at most. */
  async #sweep() {
    if (Date.now() - this.#lastSweep < 60 * 60 * 1000) return;
    this.#lastSweep = Date.now();
    await this.#db.execute(sql`
      delete from notification_outbox
      where delivered_at < now() - make_interval(days => ${OUTBOX_RETENTION_DAYS})
        and (mail_state is null or mail_state <> 'pending')`);
  }
}
