import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One message that would have gone out by mail or SMS. */
export type OutboxMessage = {
  id: string;
  kind: 'mail' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** The first link of the message, if any (what a developer or a test wants to open). */
  link: string | null;
  createdAt: string;
};

const OUTBOX_LIMIT = 200;

/** Keeps the latest messages in memory, newest first; the dev outbox shows them. */
export class Outbox {
  readonly #messages: OutboxMessage[] = [];

  add(message: Omit<OutboxMessage, 'id' | 'createdAt' | 'link'>): OutboxMessage {
    const link = /https?:\/\/[^\s"'<>]+/.exec(message.text)?.[0] ?? null;
    const stored = { ...message, id: randomUUID(), link, createdAt: new Date().toISOString() };
    this.#messages.unshift(stored);
    this.#messages.length = Math.min(this.#messages.length, OUTBOX_LIMIT);
    return stored;
  }

  list(): readonly OutboxMessage[] {
    return this.#messages;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/**
 * The dev outbox: where mail and SMS go when no SMTP server or SMS gateway is configured.
 * `GET /api/dev/outbox` lists it, except in production, where the route does not exist.
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance, options: { isProduction: boolean }) => {
    const outbox = new Outbox();
    app.decorate('outbox', outbox);
    if (options.isProduction) return;
    app.get(
      '/api/dev/outbox',
      { schema: { tags: ['dev'], summary: 'Mail and SMS that were not sent (development only)' } },
      async (_request, reply) => reply.header('cache-control', 'no-store').send(outbox.list()),
    );
  },
  { name: 'outbox', fastify: '5.x' },
);
