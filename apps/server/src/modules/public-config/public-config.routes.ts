import { type PublicConfig, publicConfig } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /api/config: what the web app needs to know of the server's configuration. The same
 * object is written into the pages the server sends (plugins/web.ts), so a first load does not
 * ask for it.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: PublicConfig }> = async (
  app,
  options,
) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public configuration for the web app',
        response: { 200: publicConfig },
      },
    },
    async () => options.config,
  );
};
