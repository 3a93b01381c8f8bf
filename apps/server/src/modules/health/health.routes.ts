import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@teamshuffle/domain';

/** GET /api/health: the app and its database, 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, options) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health of the app and its database',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      let latencyMs: number | null = null;
      try {
        const started = performance.now();
        await app.pingDatabase();
        latencyMs = Math.round((performance.now() - started) * 100) / 100;
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
      }
      const isUp = latencyMs !== null;
      return reply
        .status(isUp ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: isUp ? 'ok' : 'degraded',
          version: options.version,
          uptimeSeconds: Math.round(process.uptime()),
          database: { status: isUp ? 'up' : 'down', driver: app.dbDriver, latencyMs },
        });
    },
  );
};
