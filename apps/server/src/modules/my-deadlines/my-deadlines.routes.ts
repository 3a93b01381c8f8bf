import {
  calendarFeedCreated,
  calendarFeedStatus,
  errors,
  myDeadlinesView,
} from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent, sendError } from '../../plugins/errors.ts';
import { requestLanguage } from '@teamshuffle/domain';
import {
  calendarOf,
  createFeed,
  dueSoon,
  feedStatus,
  readerOf,
  removeFeed,
} from './my-deadlines.service.ts';

const signedIn = errorResponses('unauthenticated', 'email_not_verified');

/**
 * The student's week (issue 26, decision 0027): "Due soon" across the caller's workspaces, and
 * the personal calendar feed at a secret address that needs no cookie.
 */
export const myDeadlinesRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  app.get(
    '/api/me/deadlines',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['account'],
        summary: 'Due soon: my deadlines across my workspaces, 7 days back to 60 ahead',
        response: { 200: myDeadlinesView, ...signedIn },
      },
    },
    async (request, reply) => {
      const view = await dueSoon(app.db, readerOf(request.user!), new Date());
      return reply.header('cache-control', 'no-store').send(view);
    },
  );

  app.get(
    '/api/me/calendar-feed',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['account'],
        summary: 'Whether I have a calendar feed (its address is shown only when made)',
        response: { 200: calendarFeedStatus, ...signedIn },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await feedStatus(app.db, request.user!)),
  );

  app.post(
    '/api/me/calendar-feed',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['account'],
        summary: 'Make my calendar feed, or a new address for it (the old one stops working)',
        response: { 201: calendarFeedCreated, ...signedIn },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await createFeed(app.db, request.user!, publicUrl, requestLanguage(request.headers))),
  );

  app.delete(
    '/api/me/calendar-feed',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['account'],
        summary: 'Turn my calendar feed off (its address stops working)',
        response: { 204: noContent, ...signedIn },
      },
    },
    async (request, reply) => {
      await removeFeed(app.db, request.user!);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/calendar/:file',
    {
      schema: {
        tags: ['account'],
        summary: 'My deadlines as iCalendar, at the secret address (no cookie needed)',
        params: z.object({ file: z.string().max(100) }),
        response: {
          200: z.string().describe('text/calendar'),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const calendar = await calendarOf(app.db, request.params.file, {
        publicUrl,
        now: new Date(),
      });
      // Wrong, old or turned off: the same bare 404, which tells nothing about the token.
      if (calendar === null) return sendError(reply, 'not_found', errors.not_found.message);
      return reply
        .header('cache-control', 'private, max-age=300')
        .type('text/calendar; charset=utf-8')
        .send(calendar);
    },
  );
};
