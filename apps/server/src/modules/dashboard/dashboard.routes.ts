import { DASHBOARD_NOTIFICATION_PAGE_SIZE, dashboardView } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.ts';
import {
  listNotifications,
  presentNotification,
} from '../notifications/notifications.repository.ts';
import { loadActivity, loadStats } from './dashboard.repository.ts';

/** GET /api/dashboard: the signed-in landing page (issue 13), real figures instead of zeros. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['account'],
        summary: 'My dashboard: figures, recent activity in my workspaces, recent notifications',
        response: {
          200: dashboardView,
          ...errorResponses('unauthenticated', 'email_not_verified'),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const email = user.emailVerified ? user.email.trim().toLowerCase() : null;
      const [stats, activity, recent] = await Promise.all([
        loadStats(app.db, user.id, email),
        loadActivity(app.db, user.id, email),
        listNotifications(app.db, user.id, undefined, DASHBOARD_NOTIFICATION_PAGE_SIZE),
      ]);
      return reply.header('cache-control', 'no-store').send({
        name: user.name,
        stats,
        activity,
        notifications: recent.rows.map(presentNotification),
      });
    },
  );
};
