import { AppError, appError, displayName, safeParam } from '@teamshuffle/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authErrorStatus, mapAuthError } from './auth-errors.ts';
import { clearFailures, knownDevices, lockedFor, recordFailure } from './sign-in-throttle.ts';

type BridgeOptions = { publicUrl: string; minPasswordLength: number; authSecret: string };

// Fields that hold an e-mail address: stored lower-case and trimmed (Better Auth lower-cases).
const EMAIL_FIELDS = ['email'] as const;

// The app's text rule for the fields Better Auth stores as they come: the display name like
// every other name (bounded, NFC, no control, invisible-only or direction-override text), links
// bounded.
const TEXT_FIELDS = {
  // RFC 5321's limit; longer names would also be too long for the throttle's index.
  email: safeParam(254),
  name: displayName,
  image: safeParam(2048),
  callbackURL: safeParam(2048),
} as const;

/** The body as Better Auth should see it, or the API error for a field that breaks a rule. */
function normalizeBody(body: unknown): { body: unknown } | { error: AppError } {
  // Every Better Auth endpoint takes an object; anything else would reach it as a crash.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      error: new AppError('validation_failed', {
        message: 'The request body must be a JSON object.',
      }),
    };
  }
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of EMAIL_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = value.trim().toLowerCase();
  }
  for (const [field, schema] of Object.entries(TEXT_FIELDS)) {
    if (copy[field] === undefined) continue;
    const parsed = schema.safeParse(copy[field]);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'is invalid';
      return {
        error: new AppError('validation_failed', { message: `${field}: ${message}`, field }),
      };
    }
    copy[field] = parsed.data;
  }
  return { body: copy };
}

/** The account name of a password sign-in (normalised as stored), or null for other requests. */
function passwordSignInName(pathname: string, body: unknown): string | null {
  if (pathname !== '/api/auth/sign-in/email') return null;
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email !== '' ? email : null;
}

/**
 * `/api/auth/*`: Better Auth's handler behind Fastify. The request becomes a Fetch Request (with
 * the client's address), the response is copied back, and error bodies take the API's shape.
 */
export async function authRoutes(app: FastifyInstance, options: BridgeOptions) {
  const devices = knownDevices(options.authSecret);
  const isSecure = options.publicUrl.startsWith('https://');
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, options.publicUrl);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || key === 'x-forwarded-for') continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
    }
    headers.set('x-forwarded-for', request.ip);
    const hasBody =
      request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const normalized = hasBody ? normalizeBody(request.body) : { body: undefined };
    if ('error' in normalized) throw normalized.error;
    const signInName = passwordSignInName(url.pathname, normalized.body);
    const isKnownDevice =
      signInName !== null && devices.isKnown(request.headers.cookie, signInName);
    if (signInName !== null && !isKnownDevice) {
      const seconds = await lockedFor(app.db, signInName);
      if (seconds > 0) {
        reply.header('retry-after', String(seconds));
        throw appError('too_many_sign_in_attempts', { seconds });
      }
    }
    if (hasBody) {
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    }
    const response = await app.auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(normalized.body) : undefined,
      }),
    );

    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (signInName !== null) {
      if (response.ok) {
        await clearFailures(app.db, signInName);
        cookies.push(devices.remember(request.headers.cookie, signInName, isSecure));
      } else if (response.status === 401 && !isKnownDevice) {
        await recordFailure(app.db, signInName);
      }
    }
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('cache-control', 'no-store');

    const text = await response.text();
    if (response.status >= 400) {
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = { message: text };
      }
      const body = mapAuthError(response.status, parsed, options.minPasswordLength);
      if (response.status >= 500)
        request.log.error({ status: response.status, body: text }, 'auth error');
      return reply
        .status(authErrorStatus(response.status, body))
        .type('application/json; charset=utf-8')
        .send(body);
    }
    return reply.send(text);
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: handle,
  });
}
