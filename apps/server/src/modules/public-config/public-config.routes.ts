import { type PasswordPolicy, publicConfig } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type PublicConfigOptions = {
  contactEmail: string;
  googleEnabled: boolean;
  passwordPolicy: PasswordPolicy;
};

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
      // Phone sign-in always works: codes go to the SMS gateway or the dev outbox.
      phoneEnabled: true,
      passwordPolicy: options.passwordPolicy,
    }),
  );
};
