import {
  AppError,
  announcementInput,
  notificationCounts,
  notificationsPage,
  notificationsQuery,
  safeParam,
  TEXT_LIMITS,
} from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { LiveHub } from './notifications.live.ts';
import {
  countNotifications,
  listNotifications,
  markRead,
  presentNotification,
} from './notifications.repository.ts';
import { NotificationOutbox, sharedListen } from './notifications.outbox.ts';
import { Notifier } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Roster joins, direct sends and announcements (deadline reminders: their own module). */
    notifier: Notifier;
    /** Delivers the notifications that actions enqueued in their transactions (decision 0014). */
    notificationOutbox: NotificationOutbox;
    /** The live streams this instance holds. */
    liveHub: LiveHub;
  }
}

type NotificationsOptions = { publicUrl: string; quotaBytes: number; adminEmails: string[] };

/**
 * Notifications (issue 13): the outbox that delivers what actions enqueued in their transactions
 * (issue 23), `app.notifier` for the rest, the list with its counts paged in the database, marking read, the live stream (`/api/events`, server-sent events
 * fed by LISTEN/NOTIFY on every instance), and system announcements.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance, options: NotificationsOptions) => {
    const outbox = new NotificationOutbox({
      db: app.db,
      log: app.log,
      mailer: app.mailer,
      publicUrl: options.publicUrl,
    });
    const notifier = new Notifier({ db: app.db, log: app.log, outbox });
    const hub = new LiveHub(app.db, app.log);
    app.decorate('notifier', notifier);
    app.decorate('notificationOutbox', outbox);
    app.decorate('liveHub', hub);
    // spec part 1, section 3: workspace_invited and team_member_joined when an account's
    // verified e-mail is already on rosters.
    app.onAccountVerified((account) => notifier.accountVerified(account));
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: app.requireVerifiedUser };
    const SIGNED_IN = ['unauthenticated', 'email_not_verified'] as const;

    typed.get(
      '/api/notifications',
      {
        ...signedIn,
        schema: {
          tags: ['notifications'],
          summary: 'My notifications, newest first, a page at a time (keyset), with the counts',
          querystring: notificationsQuery,
          response: { 200: notificationsPage, ...errorResponses(...SIGNED_IN) },
        },
      },
      async (request, reply) => {
        const userId = request.user!.id;
        const { before, limit } = request.query;
        const [page, counts] = await Promise.all([
          listNotifications(app.db, userId, before, limit),
          countNotifications(app.db, userId),
        ]);
        const items = page.rows.map(presentNotification);
        return reply.header('cache-control', 'no-store').send({
          items,
          nextBefore: page.hasMore ? (items.at(-1)?.seq ?? null) : null,
          counts,
        });
      },
    );

    typed.get(
      '/api/notifications/counts',
      {
        ...signedIn,
        schema: {
          tags: ['notifications'],
          summary: "My notifications' counts (the bell's fallback poll, every 30 s)",
          response: { 200: notificationCounts, ...errorResponses(...SIGNED_IN) },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await countNotifications(app.db, request.user!.id)),
    );

    typed.post(
      '/api/notifications/:id/read',
      {
        ...signedIn,
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of my notifications read',
          params: z.object({ id: safeParam(TEXT_LIMITS.id) }),
          response: { 204: noContent, ...errorResponses(...SIGNED_IN, 'notification_not_found') },
        },
      },
      async (request, reply) => {
        // Someone else's notification answers like one that does not exist (marking an
        // already read one of one's own still counts it).
        const marked = await markRead(app.db, request.user!.id, [request.params.id]);
        if (marked === 0) throw new AppError('notification_not_found');
        return reply.status(204).send();
      },
    );

    typed.post(
      '/api/notifications/read-all',
      {
        ...signedIn,
        schema: {
          tags: ['notifications'],
          summary: 'Mark all my notifications read',
          response: {
            200: z.object({ marked: z.number() }),
            ...errorResponses(...SIGNED_IN),
          },
        },
      },
      async (request) => ({ marked: await markRead(app.db, request.user!.id, 'all') }),
    );

    typed.get(
      '/api/events',
      {
        ...signedIn,
        schema: {
          tags: ['notifications'],
          summary:
            'Live updates (server-sent events): `notification` events (id = seq, Last-Event-ID replays what was missed) and `unread` counts; a comment every 15 s',
          response: {
            200: z.string().describe('text/event-stream'),
            ...errorResponses(...SIGNED_IN),
          },
        },
      },
      async (request, reply) => {
        const header = request.headers['last-event-id'];
        const lastSeq =
          typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // Proxies (nginx) must pass the events on as they come.
          'x-accel-buffering': 'no',
        });
        // The browser reconnects after this long when the stream breaks.
        reply.raw.write('retry: 3000\n\n');
        await hub.open(reply.raw, request.user!.id, lastSeq);
      },
    );

    typed.post(
      '/api/admin/announcements',
      {
        ...signedIn,
        schema: {
          tags: ['notifications'],
          summary: 'Post a system announcement to every account (administrators: ADMIN_EMAILS)',
          body: announcementInput,
          response: {
            201: z.object({ sent: z.number() }),
            ...errorResponses(...SIGNED_IN, 'forbidden'),
          },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        if (!user.emailVerified || !options.adminEmails.includes(user.email.toLowerCase())) {
          throw new AppError('forbidden');
        }
        const sent = await notifier.announce(request.body.title, request.body.message);
        return reply.status(201).send({ sent });
      },
    );

    app.addHook('onReady', async () => {
      // One listening connection (on PostgreSQL) for the live streams and the outbox's wake-ups.
      const listen = sharedListen(app.dbListen);
      await hub.start(listen);
      // Delivers at once what a dead instance left, then at every commit and every few seconds.
      await outbox.start(listen);
    });
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      await outbox.stop();
      await hub.stop();
    });
  },
  {
    name: 'notifications',
    fastify: '5.x',
    dependencies: ['database', 'auth', 'mail', 'errors'],
  },
);
