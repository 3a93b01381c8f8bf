import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@teamshuffle/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Listen } from '../../plugins/database.ts';
import {
  countNotifications,
  findNotification,
  NOTIFICATION_CHANNEL,
  notificationsAfter,
  presentNotification,
} from './notifications.repository.ts';

/** How often an open stream says it is alive (well inside proxies' and our own idle limits). */
export const HEARTBEAT_MS = 15_000;
// Announcements of a changed unread count (marks, deletions) carry this prefix and a user id;
// every other payload is a new notification's id.
const UNREAD_PREFIX = 'unread:';

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
      (payload) => void this.#deliver(payload),
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

  async #deliver(payload: string) {
    try {
      if (payload.startsWith(UNREAD_PREFIX)) {
        const userId = payload.slice(UNREAD_PREFIX.length);
        const streams = this.#streams.get(userId);
        if (!streams) return;
        const { unread } = await countNotifications(this.#db, userId);
        for (const stream of streams) stream.send({ type: 'unread', unread });
        return;
      }
      const row = await findNotification(this.#db, payload);
      const streams = row ? this.#streams.get(row.userId) : undefined;
      if (!row || !streams) return;
      const notification = presentNotification(row);
      const { unread } = await countNotifications(this.#db, row.userId);
      for (const stream of streams) {
        if (row.seq <= stream.lastSeq) continue;
        stream.send({ type: 'notification', notification });
        stream.send({ type: 'unread', unread });
      }
    } catch (error) {
      this.#log.warn({ err: error }, 'a live notification was not pushed');
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

/** The payload that tells every instance a user's unread count changed. */
export function unreadChanged(userId: string): string {
  return `${UNREAD_PREFIX}${userId}`;
}
