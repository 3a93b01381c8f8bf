import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  LANGUAGES,
  PRERENDERED_PAGES,
  cookieValue,
  languageFromCookie,
  languageOfBrowser,
  prerenderedFile,
  prerenderedPageAt,
} from '@teamshuffle/domain';
import type { Language } from '@teamshuffle/domain';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

/**
 * Which language's prerendered page to send: the chosen language's cookie, else the browser's
 * first language, as the web app itself decides.
 */
function pageLanguage(headers: {
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
  async (app: FastifyInstance, options: { webDistDir: string; sessionCookieName: string }) => {
    const root = options.webDistDir;
    const hasWebApp = existsSync(path.join(root, 'index.html'));
    // The pages the build rendered to HTML (all their languages), by path.
    const prerendered = new Set(
      PRERENDERED_PAGES.filter((page) =>
        LANGUAGES.every((language) => existsSync(path.join(root, prerenderedFile(page, language)))),
      ).map((page) => page.path),
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
      const page = prerenderedPageAt(pathname);
      if (page && prerendered.has(page.path)) {
        // Which file depends on these headers, for any cache on the way.
        reply.header('vary', 'Cookie, Accept-Language');
        // The prerendered pages are what a signed-out visitor sees: a request with a session
        // gets the app itself, which shows this visitor's own page. Otherwise the page in the
        // visitor's language (issue 14): the one they chose (the web app keeps it in a cookie
        // too), else Korean for a Korean browser, as the app itself decides.
        const hasSession = cookieValue(request.headers.cookie ?? '', options.sessionCookieName);
        if (hasSession === null) {
          return reply.sendFile(prerenderedFile(page, pageLanguage(request.headers)));
        }
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['errors'] },
);
