import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authErrorStatus, mapAuthError } from './auth-errors.ts';

type BridgeOptions = { publicUrl: string; minPasswordLength: number };

// Fields that hold an e-mail address: stored lower-case and trimmed (Better Auth lower-cases).
const EMAIL_FIELDS = ['email'] as const;

function normalizeBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of EMAIL_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = value.trim().toLowerCase();
  }
  if (typeof copy.name === 'string') copy.name = copy.name.trim();
  return copy;
}

/**
 * `/api/auth/*`: Better Auth's handler behind Fastify. The request becomes a Fetch Request (with
 * the client's address), the response is copied back, and error bodies take the API's shape.
 */
export async function authRoutes(app: FastifyInstance, options: BridgeOptions) {
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
    if (hasBody) {
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    }
    const response = await app.auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(normalizeBody(request.body)) : undefined,
      }),
    );

    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
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
