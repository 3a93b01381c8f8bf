import compress from '@fastify/compress';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { errors } from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countHit, dropEndedCounters } from '../db/counters.ts';
import type { Db } from './database.ts';
import { sendError } from './errors.ts';

type SecurityOptions = { publicUrl: string; rateLimitPerMinute: number; trustedOrigins: string[] };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Callback = (error: Error | null, hits: { current: number; ttl: number }) => void;

/** How often an instance adds its hits to the shared counters and learns the others'. */
export const RATE_LIMIT_FLUSH_MS = 1000;

type Counter = {
  /** The shared count the database last answered (this instance's flushed hits included). */
  shared: number;
  /** Hits being added to the database now. */
  flushing: number;
  /** Hits not yet sent. */
  pending: number;
  windowEndsAt: number;
  windowMs: number;
};

const hitsOf = (counter: Counter) => counter.shared + counter.flushing + counter.pending;

/**
 * A store for @fastify/rate-limit whose counters are the database's (db/counters.ts), shared by
 * every instance, without a write per request (issue 22): each instance counts its hits in
 * memory and adds them to the shared counter once a second (and at once for an address it has
 * not seen in this window), learning the other instances' hits from the answer. A request is
 * judged by the shared count last read plus this instance's hits since, so N instances together
 * let through at most what they received in one flush interval beyond the limit. If the
 * database does not answer, the hits are kept for the next flush and requests are judged by what
 * this instance knows: an outage of the limiter must not become an outage of the API.
 */
function sharedRateLimitStore(db: Db, onError: (error: unknown) => void) {
  const counters = new Map<string, Counter>();
  let flushing: Promise<void> | null = null;
  const flushOnce = async () => {
    const now = Date.now();
    for (const [key, counter] of counters) {
      if (counter.pending === 0) {
        if (counter.windowEndsAt <= now) counters.delete(key);
        continue;
      }
      const hits = counter.pending;
      counter.pending = 0;
      counter.flushing = hits;
      try {
        const total = await countHit(db, `api:${key}`, counter.windowMs, hits);
        // Hits counted meanwhile stay pending; `shared` is everything the database has.
        counter.shared = total.count;
        counter.windowEndsAt = Date.now() + total.ttlMs;
      } catch (error) {
        counter.pending += hits;
        onError(error);
        return;
      } finally {
        counter.flushing = 0;
      }
    }
  };
  const flush = () => (flushing ??= flushOnce().finally(() => (flushing = null)));
  const timer = setInterval(() => void flush(), RATE_LIMIT_FLUSH_MS);
  timer.unref();

  class SharedStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      let counter = counters.get(key);
      const isNew = !counter || counter.windowEndsAt <= now;
      if (!counter || isNew) {
        counter = {
          shared: 0,
          flushing: 0,
          pending: 0,
          windowEndsAt: now + timeWindow,
          windowMs: timeWindow,
        };
        counters.set(key, counter);
      }
      counter.pending += 1;
      callback(null, { current: hitsOf(counter), ttl: Math.max(0, counter.windowEndsAt - now) });
      if (isNew) void flush();
    }
    read(key: string, callback: Callback) {
      const counter = counters.get(key);
      const now = Date.now();
      if (!counter || counter.windowEndsAt <= now) return callback(null, { current: 0, ttl: 0 });
      callback(null, { current: hitsOf(counter), ttl: counter.windowEndsAt - now });
    }
    child() {
      return new SharedStore();
    }
  }
  return {
    Store: SharedStore,
    /** Adds every pending hit to the shared counters (on close, and for tests). */
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

/** helmet with a strict CSP, per-IP rate limiting of the API, and response compression. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const isHttps = options.publicUrl.startsWith('https://');
    // The headers' middleware is made once. @fastify/helmet made it again on every request
    // (the CSP parsed anew each time): about 50 µs of the event loop per request, 7% of its
    // busy time in a burst of 40 first visits (issue 22, a CPU profile of the class bench).
    const securityHeaders = helmet({
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
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error as Error | undefined),
      );
    });

    // On PostgreSQL the counters live in the database, so several instances behind a load
    // balancer enforce one limit (issue 13); the embedded database is one instance's, and its
    // counters stay in memory (no write per request).
    const shared =
      app.dbDriver === 'postgres'
        ? sharedRateLimitStore(app.db, (error) =>
            app.log.warn({ err: error }, 'the shared rate-limit counters could not be written'),
          )
        : undefined;
    if (shared) {
      const timer = setInterval(() => void dropEndedCounters(app.db).catch(() => {}), 60_000);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await shared.close().catch(() => {});
      });
    }
    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: '1 minute',
      ...(shared ? { store: shared.Store } : {}),
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
