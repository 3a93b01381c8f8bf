import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LANGUAGES,
  PRERENDERED_PAGES,
  SERVER_RENDERED_PAGES,
  WEB_RENDERER_FILE,
  cookieValue,
  languageFromCookie,
  languageOfBrowser,
  prerenderedFile,
  prerenderedPageAt,
  serverRenderedFile,
  serverRenderedPageAt,
} from '@teamshuffle/domain';
import type { Language, PublicConfig } from '@teamshuffle/domain';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import { type HtmlPage, compressed, encodingFor, htmlPage, readHtml } from './web-html.ts';
import { serverRenderer } from './web-server-render.ts';

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

/** Whether an If-None-Match header names this ETag (weakly compared, as RFC 9110 says). */
function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

async function sendHtml(request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  const encoding = encodingFor(request.headers['accept-encoding']);
  const etag = `"${page.hash}${encoding ? `-${encoding}` : ''}"`;
  const vary = reply.getHeader('vary');
  reply
    .header('etag', etag)
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  reply.type('text/html; charset=utf-8');
  if (isNotModified(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding === null) return reply.send(page.body);
  // Compressed already: @fastify/compress leaves an encoded answer alone.
  reply.header('content-encoding', encoding);
  return reply.send(await compressed(page, encoding));
}

/**
 * Serves the built web app and answers every unknown page path with index.html so the client
 * router can take it; unknown `/api/*` paths and missing files stay 404s.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      webDistDir: string;
      sessionCookieName: string;
      publicConfig: PublicConfig;
      /** How long a signed-in page's render is waited for (SERVER_RENDER_TIME_LIMIT_MS). */
      renderTimeLimitMs: number;
    },
  ) => {
    const root = options.webDistDir;
    const hasWebApp = existsSync(path.join(root, 'index.html'));
    // The pages the build rendered to HTML (all their languages), by path.
    const prerendered = new Set(
      PRERENDERED_PAGES.filter((page) =>
        LANGUAGES.every((language) => existsSync(path.join(root, prerenderedFile(page, language)))),
      ).map((page) => page.path),
    );
    // Every HTML file the server sends for a page path, read and prepared at start-up (a file
    // that cannot be read stops the start, not a visitor's request).
    const pages = new Map<string, HtmlPage>();
    if (hasWebApp) {
      const names = [
        'index.html',
        ...PRERENDERED_PAGES.filter((page) => prerendered.has(page.path)).flatMap((page) =>
          LANGUAGES.map((language) => prerenderedFile(page, language)),
        ),
      ];
      for (const name of names) {
        pages.set(name, htmlPage(path.join(root, name), options.publicConfig));
      }
    }
    // The signed-in pages' templates (configuration written in), and the renderer that fills
    // them, loaded with the first such page asked for.
    const templates = new Map<string, string>();
    const rendererFile = path.join(root, WEB_RENDERER_FILE);
    if (hasWebApp && existsSync(rendererFile)) {
      for (const page of SERVER_RENDERED_PAGES) {
        for (const language of LANGUAGES) {
          const name = serverRenderedFile(page, language);
          const file = path.join(root, name);
          if (existsSync(file)) templates.set(name, readHtml(file, options.publicConfig));
        }
      }
    }
    const sendServerRendered = serverRenderer(
      app,
      rendererFile,
      templates,
      options.renderTimeLimitMs,
    );

    const pageFile = (name: string): HtmlPage => {
      const page = pages.get(name);
      if (!page) throw new Error(`web: ${name} was not read at start-up`);
      return page;
    };
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The HTML files go out only as pages, from memory with the configuration written in:
        // their paths are not pages (a 404).
        // Nor is the renderer for Node (build/prerender.ts) a file to send.
        allowedPath: (pathname) =>
          !pathname.endsWith('.html') &&
          !pathname.startsWith(`/${path.posix.dirname(WEB_RENDERER_FILE)}/`),
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

    app.setNotFoundHandler(async (request, reply) => {
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
      const hasSession =
        cookieValue(request.headers.cookie ?? '', options.sessionCookieName) !== null;
      const page = prerenderedPageAt(pathname);
      if (page && prerendered.has(page.path)) {
        // Which file depends on these headers, for any cache on the way.
        reply.header('vary', 'Cookie, Accept-Language');
        // The prerendered pages are what a signed-out visitor sees: a request with a session
        // gets the app itself, which shows this visitor's own page. Otherwise the page in the
        // visitor's language (issue 14): the one they chose (the web app keeps it in a cookie
        // too), else Korean for a Korean browser, as the app itself decides.
        if (!hasSession) {
          return sendHtml(
            request,
            reply,
            pageFile(prerenderedFile(page, pageLanguage(request.headers))),
          );
        }
      }
      // A signed-in page, with a session: rendered with the visitor's own data.
      const signedInPage = serverRenderedPageAt(pathname);
      if (signedInPage && hasSession && request.method === 'GET') {
        const language = pageLanguage(request.headers);
        if (await sendServerRendered(request, reply, signedInPage, pathname, language)) {
          return reply;
        }
      }
      return sendHtml(request, reply, pageFile('index.html'));
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['errors'] },
);
