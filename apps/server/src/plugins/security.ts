import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { errors } from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countHit, dropEndedCounters, readHits } from '../db/counters.ts';
import type { Db } from './database.ts';
import { sendError } from './errors.ts';

type SecurityOptions = { publicUrl: string; rateLimitPerMinute: number; trustedOrigins: string[] };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Callback = (error: Error | null, hits: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit whose counters are the database's (db/counters.ts), shared by
 * every instance. If the database does not answer, the request is let through (and logged by the
 * plugin): an outage of the limiter must not become an outage of the API.
 */
function sharedRateLimitStore(db: Db) {
  return class SharedStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `api:${key}`, timeWindow).then(
        (hits) => callback(null, { current: hits.count, ttl: hits.ttlMs }),
        (error: unknown) => callback(error as Error, { current: 0, ttl: timeWindow }),
      );
    }
    read(key: string, callback: Callback) {
      readHits(db, `api:${key}`).then(
        (hits) => callback(null, { current: hits.count, ttl: hits.ttlMs }),
        (error: unknown) => callback(error as Error, { current: 0, ttl: 0 }),
      );
    }
    child() {
      return new SharedStore();
    }
  };
}

/** helmet with a strict CSP, per-IP rate limiting of the API, and response compression. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const isHttps = options.publicUrl.startsWith('https://');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets CSS variables and inline style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Only over https: on plain http (another machine's address) it would break every asset.
          upgradeInsecureRequests: isHttps ? [] : null,
        },
      },
      strictTransportSecurity: isHttps,
      crossOriginEmbedderPolicy: false,
      // The Google sign-in popup must keep its opener (Google's advice for popup sign-in).
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });

    // On PostgreSQL the counters live in the database, so several instances behind a load
    // balancer enforce one limit (issue 13); the embedded database is one instance's, and its
    // counters stay in memory (no write per request).
    const sharedStore = app.dbDriver === 'postgres' ? sharedRateLimitStore(app.db) : undefined;
    if (sharedStore) {
      const timer = setInterval(() => void dropEndedCounters(app.db).catch(() => {}), 60_000);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: '1 minute',
      ...(sharedStore ? { store: sharedStore } : {}),
      // A store in a database that does not answer must not turn every request into a 500
      // (GET /api/health would not get to say 503): the limit then waits for the database.
      skipOnError: true,
      // The built web app's files are not rate limited; the API is.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: errors.too_many_requests.id,
        message: `${errors.too_many_requests.message} (retry in ${Math.ceil(context.ttl / 1000)} s)`,
      }),
    });

    // State-changing API requests must show they come from the app's own pages (the session
    // cookie is SameSite=Lax, and this closes the rest): a browser sends `Origin` with every
    // such request, or at least `Sec-Fetch-Site`. A request with neither is refused too, as
    // Better Auth's routes do, so a cookie can never act without saying where it comes from.
    const trusted = new Set(options.trustedOrigins);
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      const isForeign = origin !== undefined ? !trusted.has(origin) : site !== 'same-origin';
      if (isForeign) return sendError(reply, 'cross_site_refused');
    });

    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'security', fastify: '5.x', dependencies: ['errors', 'database'] },
);
