import { randomUUID } from 'node:crypto';
import { type OutboxMessage, outboxMessage } from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../config.ts';
import { z } from 'zod';
import { errorResponses, sendError } from './errors.ts';

export type { OutboxMessage };

const OUTBOX_LIMIT = 200;

/**
 * Where mail and SMS go when there is no SMTP server or SMS gateway: the latest messages, newest
 * first, in this process's memory. With `isReadable` GET /api/dev/outbox lists them; without,
 * nothing outside the process can, and each message is written to the server log, where the
 * operator reads it.
 */
export class Outbox {
  readonly #messages: OutboxMessage[] = [];
  readonly isReadable: boolean;

  constructor(isReadable: boolean) {
    this.isReadable = isReadable;
  }

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

type OutboxOptions = {
  /** `config.devOutbox`: not production, no proxy, loopback host and public URL. */
  isReadable: boolean;
  hasSmtp: boolean;
  hasSmsGateway: boolean;
};

/**
 * The dev outbox (docs/decisions/0004-safe-default-start.md). It hands out sign-in and reset
 * links, so it is readable only where the server is this machine's alone, and then only by a
 * client whose socket is on the loopback interface (never a forwarded header). Anywhere else
 * undelivered mail goes to the server log, and the start-up log says how to send it for real.
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance, options: OutboxOptions) => {
    const outbox = new Outbox(options.isReadable);
    app.decorate('outbox', outbox);
    if (!options.isReadable) {
      const missing = [
        ...(options.hasSmtp ? [] : ['SMTP_URL (sign-up, verification and reset mail)']),
        ...(options.hasSmsGateway ? [] : ['SMS_GATEWAY_URL (phone sign-in codes)']),
      ];
      if (missing.length > 0) {
        app.log.warn(
          `Not configured: ${missing.join(', ')}. Until they are set, these messages are written to this log instead of being sent. Set SMTP_URL so people can sign up.`,
        );
      }
      return;
    }
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Mail and SMS that were not sent (development on this machine only)',
          response: { 200: z.array(outboxMessage), ...errorResponses('route_not_found') },
        },
      },
      async (request, reply) => {
        // The socket's own address: a forwarded header can say anything.
        const address = request.socket.remoteAddress ?? '';
        if (!isLoopbackHost(address)) return sendError(reply, 'route_not_found');
        return reply.header('cache-control', 'no-store').send(outbox.list());
      },
    );
  },
  { name: 'outbox', fastify: '5.x', dependencies: ['errors'] },
);
