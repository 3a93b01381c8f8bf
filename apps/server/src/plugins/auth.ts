import { type ErrorId, errors } from '@teamshuffle/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, resolveAuthSecret } from '../config.ts';
import { type Auth, createAuth } from '../modules/auth/auth.ts';

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

    async function readUser(request: FastifyRequest): Promise<SessionUser | null> {
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!found) return null;
      const raw = found.user as typeof found.user & {
        disabled?: boolean;
        phoneNumberVerified?: boolean;
      };
      if (raw.disabled) {
        // A disabled account is signed out everywhere at its next request.
        await auth.api
          .revokeSessions({ headers: fromNodeHeaders(request.headers) })
          .catch(() => {});
        return null;
      }
      const phoneNumberVerified = raw.phoneNumberVerified ?? false;
      return {
        id: raw.id,
        name: raw.name,
        email: raw.email,
        emailVerified: raw.emailVerified,
        phoneNumberVerified,
        isVerified: raw.emailVerified || phoneNumberVerified,
        sessionId: found.session.id,
      };
    }

    app.decorate('loadUser', async (request: FastifyRequest) => {
      request.user = await readUser(request);
    });
    app.decorate('optionalVerifiedUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readUser(request);
      if (request.user && !request.user.isVerified) return refuse(reply, 'email_not_verified');
    });
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readUser(request);
      if (!request.user) return refuse(reply, 'unauthenticated');
    });
    app.decorate('requireVerifiedUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readUser(request);
      if (!request.user) return refuse(reply, 'unauthenticated');
      if (!request.user.isVerified) return refuse(reply, 'email_not_verified');
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['database', 'mail', 'sms'] },
);
