import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type PublicConfigOptions = { contactEmail: string; googleEnabled: boolean };

const publicConfig = z.object({
  contactEmail: z.email(),
  googleEnabled: z.boolean(),
  passwordPolicy: z.null(),
});

/** GET /api/config: what the web app needs to know of the server's configuration. */
export const publicConfigRoutes: FastifyPluginAsyncZod<PublicConfigOptions> = async (
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
    async () => ({
      contactEmail: options.contactEmail,
      googleEnabled: options.googleEnabled,
      // Filled in by the accounts work (the password policy shown while typing).
      passwordPolicy: null,
    }),
  );
};
