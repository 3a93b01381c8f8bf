import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@teamshuffle/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Listen } from '../../plugins/database.ts';
import {
  countNotifications,
  findNotificationsWithUnread,
  NOTIFICATION_CHANNEL,
  notificationsAfter,
  parseAnnouncement,
  presentNotification,
  unreadCounts,
} from './notifications.repository.ts';

/** How often an open stream says it is alive (well inside proxies' and our own idle limits). */
export const HEARTBEAT_MS = 15_000;

/** One open server-sent-events stream of one signed-in user. */
class Stream {
  readonly userId: string;
  /** The newest notification sent on it, so it can catch up after a lost announcement. */
  lastSeq: number;
  readonly #raw: ServerResponse;

  constructor(raw: ServerResponse, userId: string, lastSeq: number) {
    this.#raw = raw;
    this.userId = userId;
    this.lastSeq = lastSeq;
  }

  send(event: LiveEvent) {
    if (this.#raw.writableEnded) return;
    if (event.type === 'notification') {
      this.lastSeq = Math.max(this.lastSeq, event.notification.seq);
      this.#raw.write(
        `id: ${event.notification.seq}\nevent: notification\ndata: ${JSON.stringify(event.notification)}\n\n`,
      );
    } else {
      this.#raw.write(`event: unread\ndata: ${JSON.stringify({ unread: event.unread })}\n\n`);
    }
  }

  ping() {
    if (!this.#raw.writableEnded) this.#raw.write(': ping\n\n');
  }

  close() {
    if (!this.#raw.writableEnded) this.#raw.end();
  }
}

/**
 * The live side of notifications (issue 13): the streams open on this instance, fed by the
 * database's NOTIFY announcements, which every instance on one PostgreSQL hears. A notification
 * is announced by id once its row has committed; each instance reads the row and pushes it to the
 * streams of its user that it holds. Nothing is kept in memory that the database does not have.
 */
export class LiveHub {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #streams = new Map<string, Set<Stream>>();
  #stopListening: (() => Promise<void>) | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  /** Announcements heard and not yet delivered, and the delivery in progress (one at a time). */
  #queued: string[] = [];
  #delivering: Promise<void> | null = null;

  constructor(db: Db, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  /** How many streams this instance holds. */
  get size(): number {
    let total = 0;
    for (const set of this.#streams.values()) total += set.size;
    return total;
  }

  async start(listen: Listen) {
    this.#stopListening = await listen(
      NOTIFICATION_CHANNEL,
      (payload) => this.#enqueue(payload),
      () => void this.#catchUp(),
    );
    this.#heartbeat = setInterval(() => {
      for (const set of this.#streams.values()) for (const stream of set) stream.ping();
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  async stop() {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.#stopListening?.();
    for (const set of this.#streams.values()) for (const stream of set) stream.close();
    this.#streams.clear();
  }

  /**
   * Takes over a response as a stream: what the user missed since `lastSeq` (a reconnecting
   * browser's Last-Event-ID), then the unread count, then every change as it happens.
   */
  async open(raw: ServerResponse, userId: string, lastSeq: number | null) {
    const stream = new Stream(raw, userId, lastSeq ?? 0);
    const set = this.#streams.get(userId) ?? new Set<Stream>();
    set.add(stream);
    this.#streams.set(userId, set);
    raw.on('close', () => {
      set.delete(stream);
      if (set.size === 0) this.#streams.delete(userId);
    });
    if (lastSeq !== null) {
      for (const row of await notificationsAfter(this.#db, userId, lastSeq)) {
        stream.send({ type: 'notification', notification: presentNotification(row) });
      }
    }
    stream.send({ type: 'unread', unread: (await countNotifications(this.#db, userId)).unread });
  }

  /**
   * Announcements arrive one by one (a system announcement makes one per account); those that
   * arrive while a delivery runs are read together in the next, so a burst costs a few statements,
   * not two per row. One delivery at a time keeps each stream's events in commit order.
   */
  #enqueue(payload: string) {
    this.#queued.push(payload);
    this.#startDelivery();
  }

  #startDelivery() {
    if (this.#delivering) return;
    this.#delivering = this.#deliverQueued().finally(() => {
      this.#delivering = null;
      // Heard between the last read and now.
      if (this.#queued.length > 0) this.#startDelivery();
    });
  }

  async #deliverQueued() {
    // Let the rest of a burst arrive before the first read.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#queued.length > 0) {
      const payloads = this.#queued;
      this.#queued = [];
      try {
        await this.#deliver(payloads);
      } catch (error) {
        this.#log.warn({ err: error }, 'live notifications were not pushed');
      }
    }
  }

  async #deliver(payloads: readonly string[]) {
    // Only users with a stream on this instance cost a read.
    const newIds: string[] = [];
    const countsOnly = new Set<string>();
    for (const payload of payloads) {
      const announcement = parseAnnouncement(payload);
      if (!announcement || !this.#streams.has(announcement.userId)) continue;
      if (announcement.kind === 'new') newIds.push(announcement.notificationId);
      else countsOnly.add(announcement.userId);
    }
    for (const { row, unread } of await findNotificationsWithUnread(this.#db, newIds)) {
      // The count read with the row is current: no separate count for this user.
      countsOnly.delete(row.userId);
      const notification = presentNotification(row);
      for (const stream of this.#streams.get(row.userId) ?? []) {
        if (row.seq <= stream.lastSeq) continue;
        stream.send({ type: 'notification', notification });
        stream.send({ type: 'unread', unread });
      }
    }
    for (const [userId, unread] of await unreadCounts(this.#db, [...countsOnly])) {
      for (const stream of this.#streams.get(userId) ?? []) stream.send({ type: 'unread', unread });
    }
  }

  // After the listening connection was lost: every stream gets what it missed meanwhile.
  async #catchUp() {
    for (const [userId, streams] of this.#streams) {
      for (const stream of streams) {
        try {
          for (const row of await notificationsAfter(this.#db, userId, stream.lastSeq)) {
            stream.send({ type: 'notification', notification: presentNotification(row) });
          }
          stream.send({
            type: 'unread',
            unread: (await countNotifications(this.#db, userId)).unread,
          });
        } catch (error) {
          this.#log.warn({ err: error }, 'a stream could not catch up');
        }
      }
    }
  }
}
