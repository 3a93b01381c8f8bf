import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, languageFromCookie, languageOfBrowser } from '@teamshuffle/domain';
import type { Language } from '@teamshuffle/domain';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

/**
 * Which prerendered landing page to send: the chosen language's cookie, else the browser's
 * first language, as the web app itself decides.
 */
function landingLanguage(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): Language {
  return (
    languageFromCookie(headers.cookie ?? '') ??
    languageOfBrowser(headers['accept-language']?.split(',')[0])
  );
}

/**
 * Serves the built web app and answers every unknown page path with index.html so the client
 * router can take it; unknown `/api/*` paths and missing files stay 404s.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { webDistDir: string }) => {
    const root = options.webDistDir;
    const hasWebApp = existsSync(path.join(root, 'index.html'));
    const hasLanding = LANGUAGES.every((language) =>
      existsSync(path.join(root, `landing.${language}.html`)),
    );
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies (apps/web/build/precompress.ts): sent as they are.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          // Vite fingerprints everything under /assets, so those never change.
          const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ root }, 'the web app is not built: run `npm run build`');
    }

    app.setNotFoundHandler((request, reply) => {
      const { pathname } = new URL(request.url, 'http://localhost');
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !path.posix.basename(pathname).includes('.');
      if (!isPage)
        return sendError(reply, pathname.startsWith('/api') ? 'route_not_found' : 'not_found');
      if (!hasWebApp) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build`, then start the server again.');
      }
      reply.header('cache-control', 'no-cache');
      if (pathname === '/' && hasLanding) {
        // The landing page prerendered in the visitor's language (issue 14): the one they chose
        // (the web app keeps it in a cookie too), else Korean for a Korean browser, as the app
        // itself decides.
        return reply
          .header('vary', 'Cookie, Accept-Language')
          .sendFile(`landing.${landingLanguage(request.headers)}.html`);
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['errors'] },
);
