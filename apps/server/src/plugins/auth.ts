import { type ErrorId, errors } from '@teamshuffle/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, resolveAuthSecret } from '../config.ts';
import {
  type Auth,
  createAuth,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from '../modules/auth/auth.ts';
import { deleteSessionsOf, findSessionWithUser } from '../modules/users/users.repository.ts';
import { sessionTokenReader } from '../modules/auth/session-cookie.ts';

/** The signed-in user as every route sees it. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phoneNumberVerified: boolean;
  /** Verified identity: a verified e-mail, or (phone-only accounts) a verified phone number. */
  isVerified: boolean;
  sessionId: string;
};

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Refuses anonymous requests (401); sets `request.user`. */
    requireUser: PreHandler;
    /** Also refuses users whose e-mail is not verified (403 email_not_verified). */
    requireVerifiedUser: PreHandler;
    /** Sets `request.user` when signed in; never refuses. */
    loadUser: PreHandler;
    /** Lets signed-out visitors through (as nobody) but refuses unverified signed-in users. */
    optionalVerifiedUser: PreHandler;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

function refuse(reply: FastifyReply, id: ErrorId) {
  const def = errors[id];
  return reply.status(def.status).send({ error: def.id, message: def.message });
}

/** Better Auth on the app's database, and the session checks routes put in front of handlers. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const auth = createAuth({
      config: options.config,
      db: app.db,
      secret: resolveAuthSecret(options.config),
      mailer: app.mailer,
      sms: app.sms,
      log: app.log,
    });
    app.decorate('auth', auth);
    app.decorateRequest('user', null);

    const secret = resolveAuthSecret(options.config);
    const { authCookies } = await auth.$context;
    const readSessionToken = sessionTokenReader(authCookies.sessionToken.name, secret);

    /**
     * The signed-in user of a request. Fast path: check the cookie's signature here and read the
     * session with its user in one query. When the session is due for renewal (older than a
     * day), Better Auth's own getSession renews it and its new cookie goes back with the reply.
     */
    async function readUser(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<SessionUser | null> {
      const token = readSessionToken(request.headers.cookie);
      if (!token) return null;
      const found = await findSessionWithUser(app.db, token);
      if (!found || found.expiresAt.getTime() <= Date.now()) return null;
      if (found.disabled) {
        // A disabled account is signed out everywhere at its next request.
        await deleteSessionsOf(app.db, found.userId);
        return null;
      }
      const renewalDue =
        found.expiresAt.getTime() -
          SESSION_EXPIRES_IN_SECONDS * 1000 +
          SESSION_UPDATE_AGE_SECONDS * 1000 <=
        Date.now();
      if (renewalDue) {
        const renewed = await auth.api.getSession({
          headers: fromNodeHeaders(request.headers),
          returnHeaders: true,
        });
        const cookies = renewed.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        if (!renewed.response) return null;
      }
      return {
        id: found.userId,
        name: found.name,
        email: found.email,
        emailVerified: found.emailVerified,
        phoneNumberVerified: found.phoneNumberVerified,
        isVerified: found.emailVerified || found.phoneNumberVerified,
        sessionId: found.sessionId,
      };
    }

    app.decorate('loadUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readUser(request, reply);
    });
    app.decorate('optionalVerifiedUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readUser(request, reply);
      if (request.user && !request.user.isVerified) return refuse(reply, 'email_not_verified');
    });
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readUser(request, reply);
      if (!request.user) return refuse(reply, 'unauthenticated');
    });
    app.decorate('requireVerifiedUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readUser(request, reply);
      if (!request.user) return refuse(reply, 'unauthenticated');
      if (!request.user.isVerified) return refuse(reply, 'email_not_verified');
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['database', 'mail', 'sms'] },
);
