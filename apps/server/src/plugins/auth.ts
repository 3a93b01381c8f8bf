import { type ErrorId, requestLanguageOf } from '@teamshuffle/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import { type AppConfig, resolveAuthSecret } from '../config.ts';
import {
  type Auth,
  createAuth,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  type VerifiedAccount,
} from '../modules/auth/auth.ts';
import {
  deleteSessionsOf,
  findSessionWithUser,
  rememberLanguage,
  type SessionWithUser,
} from '../modules/users/users.repository.ts';
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
    /**
     * Registers a listener for accounts whose e-mail is (or becomes) verified; it runs after the
     * change, and its failure is logged, never the sign-up's.
     */
    onAccountVerified: (listener: (account: VerifiedAccount) => Promise<unknown>) => void;
    /** Refuses anonymous requests (401); sets `request.user`. */
    requireUser: PreHandler;
    /** Also refuses users whose e-mail is not verified (403 email_not_verified). */
    requireVerifiedUser: PreHandler;
    /** Sets `request.user` when signed in; never refuses. */
    loadUser: PreHandler;
    /** Lets signed-out visitors through (as nobody) but refuses unverified signed-in users. */
    optionalVerifiedUser: PreHandler;
    /**
     * For a route that reads the session in its own query (one round trip instead of two): the
     * token of the request's correctly signed session cookie, then `sessionUserOf` on the row
     * that query found, which applies the same rules as the preHandlers above.
     */
    readSessionToken: (request: FastifyRequest) => string | undefined;
    sessionUserOf: (
      found: SessionWithUser | undefined,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<SessionUser | null>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

function refuse(reply: FastifyReply, id: ErrorId) {
  return sendError(reply, id);
}

/** Better Auth on the app's database, and the session checks routes put in front of handlers. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const verifiedListeners: Array<(account: VerifiedAccount) => Promise<unknown>> = [];
    const auth = createAuth({
      config: options.config,
      db: app.db,
      secret: resolveAuthSecret(options.config),
      mailer: app.mailer,
      sms: app.sms,
      log: app.log,
      onAccountVerified: (account) => {
        for (const listener of verifiedListeners) {
          listener(account).catch((error: unknown) =>
            app.log.error({ err: error }, 'an account-verified listener failed'),
          );
        }
      },
    });
    app.decorate('auth', auth);
    app.decorate(
      'onAccountVerified',
      (listener: (account: VerifiedAccount) => Promise<unknown>) => {
        verifiedListeners.push(listener);
      },
    );
    app.decorateRequest('user', null);

    const secret = resolveAuthSecret(options.config);
    const { authCookies } = await auth.$context;
    const readSessionToken = sessionTokenReader(authCookies.sessionToken.name, secret);

    /**
     * The signed-in user behind a session row read for this request's cookie (see
     * `readSessionToken`): none when the session is missing or expired; a disabled account is
     * signed out everywhere. When the session is due for renewal (older than a day), Better
     * Auth's own getSession renews it and its new cookie goes back with the reply.
     */
    async function sessionUserOf(
      found: SessionWithUser | undefined,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<SessionUser | null> {
      if (!found || found.expiresAt.getTime() <= Date.now()) return null;
      if (found.disabled) {
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
        // A session kept by use is never signed in again: its daily renewal records the
        // language the app is used in (decision 0041), as a sign-in does. Best effort.
        await rememberLanguage(app.db, found.userId, requestLanguageOf(request.headers)).catch(
          (error: unknown) =>
            request.log.warn({ err: error }, "recording the account's language failed"),
        );
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

    /**
     * The signed-in user of a request. Fast path: the cookie's signature is checked here and the
     * session is read with its user in one query (a prepared statement).
     */
    async function readUser(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<SessionUser | null> {
      const token = readSessionToken(request.headers.cookie);
      if (!token) return null;
      return sessionUserOf(await findSessionWithUser(app.db, token), request, reply);
    }

    app.decorate('readSessionToken', (request: FastifyRequest) =>
      readSessionToken(request.headers.cookie),
    );
    app.decorate('sessionUserOf', sessionUserOf);
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
  { name: 'auth', fastify: '5.x', dependencies: ['database', 'mail', 'sms', 'errors'] },
);
