import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { errors } from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

type SecurityOptions = { publicUrl: string; rateLimitPerMinute: number; trustedOrigins: string[] };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: '1 minute',
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
  { name: 'security', fastify: '5.x', dependencies: ['errors'] },
);
