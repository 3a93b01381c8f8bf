import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteAccountInput,
  meResponse,
  preferences,
  preferencesUpdate,
} from '@teamshuffle/domain';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { deleteAccount, getMe, getPreferences, savePreferences } from './users.service.ts';

/** GET /api/me, DELETE /api/me and /api/preferences: the signed-in user's own account. */
export const usersRoutes: FastifyPluginAsyncZod<{ sessionCookieNames: string[] }> = async (
  app,
  options,
) => {
  app.get(
    '/api/me',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, or null when signed out',
        response: { 200: meResponse },
      },
    },
    async (request, reply) => {
      // Signed out is an answer, not an error: browsers log every 4xx, and every page asks this.
      const user = request.user ? await getMe(app.db, request.user.id) : null;
      return reply.header('cache-control', 'no-store').send({ user });
    },
  );

  app.delete(
    '/api/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary:
          "Delete the account and everything it owns (its workspaces with their files); work it handed in to other people's workspaces stays there as a deleted account's",
        body: deleteAccountInput,
        response: {
          204: noContent,
          ...errorResponses(
            'unauthenticated',
            'delete_confirmation_mismatch',
            'password_required',
            'invalid_password',
          ),
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, app.auth, request.user!.id, request.body);
      // The files of the account's own workspaces went with it; their bytes are queued for removal.
      void app.files.drain();
      // The sessions are gone with the user; the browser's cookies go too.
      for (const name of options.sessionCookieNames) {
        const secure = name.startsWith('__Secure-') ? '; Secure' : '';
        reply.header('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
      }
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/preferences',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['account'],
        summary: 'My preferences',
        response: { 200: preferences, ...errorResponses('unauthenticated', 'email_not_verified') },
      },
    },
    async (request) => getPreferences(app.db, request.user!.id),
  );

  app.put(
    '/api/preferences',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['account'],
        summary:
          'Set my preferences (lecture-note sort order, new-assignment e-mails, reminder mail: immediate, digest or none)',
        body: preferencesUpdate,
        response: { 200: preferences, ...errorResponses('unauthenticated', 'email_not_verified') },
      },
    },
    async (request) => savePreferences(app.db, request.user!.id, request.body),
  );
};
