import {
  escapeHtml,
  formatDateTimeIn,
  type Language,
  notificationText,
  type NotificationTextView,
  notificationWordsIn,
} from '@teamshuffle/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/database.ts';
import { inertHtml, inertText, type Mail, type Mailer } from '../../plugins/mail.ts';
import {
  enqueueNotifications,
  type NotificationOutbox,
} from '../notifications/notifications.outbox.ts';
import {
  claimReminders,
  createDueDigests,
  digestItems,
  digestRecipient,
  type DueReminderRow,
  findDueReminders,
  finishDigest,
  pruneReminders,
  type ReminderClaim,
  takePendingDigest,
} from './deadline-reminders.repository.ts';

/** A digest the SMTP server refused this often is given up (as the outbox's mails). */
const MAX_DIGEST_ATTEMPTS = 5;
/** Claims are kept this long after their deadline (then a past deadline is never reminded anyway). */
const KEEP_DAYS = 30;

/** The outbox key of one person's reminder of one deadline (a new deadline is a new key). */
export function reminderKey(
  claim: Pick<ReminderClaim, 'itemKind' | 'itemId' | 'userId' | 'dueAt'>,
) {
  return `deadline_reminder:${claim.itemKind}:${claim.itemId}:${claim.userId}:${claim.dueAt.getTime()}`;
}

/** The notification's words: the item and its deadline in the workspace's time zone. */
export function reminderText(row: DueReminderRow, dueAt: Date) {
  const when = `${formatDateTimeIn(dueAt, { timeZone: row.timeZone, language: 'en' })} (${row.timeZone})`;
  const who = row.teamNumber === null ? 'You have' : `Team ${row.teamNumber} has`;
  return {
    title: `Due ${when}: ${row.title}`,
    message: `${who} not handed in ${row.title} yet. The deadline is ${when}.`,
  };
}

/** The notification's words for the reader's app (decision 0041): in their language and zone. */
export function reminderWords(row: DueReminderRow, dueAt: Date) {
  const values = { work: row.title, dueAt: dueAt.toISOString(), timeZone: row.timeZone };
  return row.teamNumber === null
    ? notificationText('deadlineDue', values)
    : notificationText('teamDeadlineDue', { ...values, team: String(row.teamNumber) });
}

/** The digest's own words, by language (decision 0041). */
const DIGEST_WORDS: Record<
  Language,
  {
    subject: (day: string, count: number) => string;
    hello: (name: string) => string;
    open: string;
    footer: string;
  }
> = {
  en: {
    subject: (day, count) => `Deadline reminders of ${day}: ${count} not handed in`,
    hello: (name) => `Hello ${name},`,
    open: 'Open it',
    footer:
      'You get this daily digest because you chose it for deadline reminders in your Teamshuffle profile.',
  },
  ko: {
    subject: (day, count) => `${day} 마감 알림: 미제출 ${count}건`,
    hello: (name) => `${name}님, 안녕하세요.`,
    open: '열기',
    footer:
      'Teamshuffle 프로필에서 마감 알림을 하루에 한 번 모아서 받기로 선택하셨기 때문에 이 메일을 받습니다.',
  },
};

/**
 * The one mail of a user's day of reminders, in the account's language (decision 0041; English
 * when not known): each reminder's words in it, or its stored English for a reminder claimed
 * before its words were kept. Titles are users' text, never links.
 */
export function digestMail(
  to: { email: string; name: string; language?: Language | null },
  day: string,
  items: ReadonlyArray<{
    title: string;
    message: string;
    text?: NotificationTextView | null;
    workspaceId: string;
  }>,
  publicUrl: string,
): Mail {
  const language = to.language ?? 'en';
  const own = DIGEST_WORDS[language];
  const subject = own.subject(day, items.length);
  const link = (workspaceId: string) => `${publicUrl}/workspace/${workspaceId}`;
  const lines = items.map((item) => ({
    // (A reminder's words name their deadline in its workspace's zone: no other instant.)
    ...(notificationWordsIn(language, item.text, (iso) => iso) ?? {
      title: item.title,
      message: item.message,
    }),
    workspaceId: item.workspaceId,
  }));
  const text = lines
    .map(
      (item) =>
        `- ${inertText(item.title)}\n  ${inertText(item.message)}\n  ${link(item.workspaceId)}`,
    )
    .join('\n');
  const html = lines
    .map(
      (item) =>
        `<li><strong>${inertHtml(item.title)}</strong><br>${inertHtml(item.message)}<br><a href="${escapeHtml(link(item.workspaceId))}">${own.open}</a></li>`,
    )
    .join('');
  return {
    to: to.email,
    subject,
    text: `${own.hello(inertText(to.name))}\n\n${subject}\n\n${text}\n\n${own.footer}`,
    html: `<p>${own.hello(inertHtml(to.name))}</p><p>${escapeHtml(subject)}</p><ul>${html}</ul><p>${own.footer}</p>`,
  };
}

/**
 * Deadline reminders (issue 26, decision 0031): each sweep (every instance, every minute) finds
 * in one statement who has not handed in before a deadline within their workspace's lead time,
 * claims (item, person, deadline) and enqueues the notification in one transaction, so any number
 * of instances remind each person once per deadline; the outbox delivers them and mails those who
 * chose "at once". Those who chose the daily digest get one mail per UTC day, claimed per user
 * and day.
 */
export class DeadlineReminders {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #outbox: NotificationOutbox;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;
  #lastPrune = 0;

  constructor(deps: {
    db: Db;
    log: FastifyBaseLogger;
    outbox: NotificationOutbox;
    mailer: Mailer;
    publicUrl: string;
  }) {
    this.#db = deps.db;
    this.#log = deps.log;
    this.#outbox = deps.outbox;
    this.#mailer = deps.mailer;
    this.#publicUrl = deps.publicUrl;
  }

  /** One sweep at `now`: the reminders due, then the digests due; never throws (it logs). */
  async sweep(now = new Date()): Promise<{ reminded: number; digests: number }> {
    let reminded = 0;
    let digests = 0;
    try {
      reminded = await this.remind(now);
    } catch (error) {
      this.#log.error({ err: error }, 'deadline reminders failed');
    }
    try {
      digests = await this.sendDigests(now);
    } catch (error) {
      this.#log.error({ err: error }, 'reminder digests failed');
    }
    if (now.getTime() - this.#lastPrune > 60 * 60 * 1000) {
      this.#lastPrune = now.getTime();
      await pruneReminders(this.#db, now, KEEP_DAYS).catch((error: unknown) =>
        this.#log.warn({ err: error }, 'pruning deadline reminders failed'),
      );
    }
    return { reminded, digests };
  }

  /**
   * Claims and enqueues the reminders due at `now`; answers how many this call claimed (those
   * another instance claimed first are not counted).
   */
  async remind(now = new Date()): Promise<number> {
    const due = await findDueReminders(this.#db, now);
    if (due.length === 0) return 0;
    const entries = due.map((row) => {
      const dueAt = new Date(row.dueAt);
      const text = reminderText(row, dueAt);
      const claim: ReminderClaim = {
        itemKind: row.kind,
        itemId: row.itemId,
        userId: row.userId,
        dueAt,
        workspaceId: row.workspaceId,
        ...text,
        text: reminderWords(row, dueAt),
      };
      return { claim, row };
    });
    const count = await this.#db.transaction(async (tx) => {
      const claimed = new Set(
        (
          await claimReminders(
            tx,
            entries.map((entry) => entry.claim),
            now,
          )
        ).map((claim) => reminderKey({ ...claim, dueAt: new Date(claim.dueAt) })),
      );
      const mine = entries.filter((entry) => claimed.has(reminderKey(entry.claim)));
      await enqueueNotifications(
        tx,
        mine.map(({ claim, row }) => ({
          key: reminderKey(claim),
          userId: claim.userId,
          type: 'assignment_deadline_reminder',
          title: claim.title,
          message: claim.message,
          data: {
            workspaceId: claim.workspaceId,
            assignmentId: row.kind === 'assignment' ? row.itemId : null,
            noteId: row.kind === 'task' ? row.itemId : null,
            teamName: row.teamNumber === null ? null : `Team ${row.teamNumber}`,
            dueAt: claim.dueAt.toISOString(),
            text: claim.text,
          },
        })),
      );
      return mine.length;
    });
    if (count > 0) await this.#outbox.flush();
    return count;
  }

  /**
   * Makes the digests due at `now` (one per user and past UTC day, whoever looks first) and mails
   * each pending one once: marked `sending` before the SMTP exchange, `sent` after; a refusal puts
   * it back for later (30 s, 1, 2, 4 minutes), then `failed`. Answers how many were mailed.
   */
  async sendDigests(now = new Date()): Promise<number> {
    await createDueDigests(this.#db, now);
    let sent = 0;
    for (;;) {
      const digest = await takePendingDigest(this.#db, now);
      if (!digest) return sent;
      const to = await digestRecipient(this.#db, digest.userId);
      const items = to ? await digestItems(this.#db, digest.userId, digest.day) : [];
      if (!to || items.length === 0) {
        await finishDigest(this.#db, digest, { state: 'failed', error: 'not wanted' }, now);
        continue;
      }
      try {
        await this.#mailer.send(digestMail(to, digest.day, items, this.#publicUrl));
        await finishDigest(this.#db, digest, { state: 'sent' }, now);
        sent += 1;
      } catch (error) {
        const isGivenUp = digest.mailAttempts >= MAX_DIGEST_ATTEMPTS;
        this.#log.warn({ err: error, userId: digest.userId }, 'a reminder digest was not sent');
        await finishDigest(
          this.#db,
          digest,
          {
            state: isGivenUp ? 'failed' : 'pending',
            error: error instanceof Error ? error.message : String(error),
            retryInSeconds: 30 * 2 ** (digest.mailAttempts - 1),
          },
          now,
        );
        // A refused digest waits its turn; the others are tried at the next sweep.
        return sent;
      }
    }
  }
}
