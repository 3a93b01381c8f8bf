import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  INLINED_CONFIG_ID,
  LANGUAGES,
  PRERENDERED_CONTACT_EMAIL,
  PRERENDERED_PAGES,
  cookieValue,
  escapeHtml,
  languageFromCookie,
  languageOfBrowser,
  prerenderedFile,
  prerenderedPageAt,
} from '@teamshuffle/domain';
import type { Language, PublicConfig } from '@teamshuffle/domain';
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

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/**
 * An HTML file of the build as the server sends it: its text, the hash its ETags are made of
 * (one per encoding, as the bodies differ), and its compressed copies (made once, when asked).
 */
type HtmlPage = { body: Buffer; hash: string; compressed: Map<Encoding, Promise<Buffer>> };

/**
 * An HTML file of the build with the server's public configuration written in: GET
 * /api/config's answer as a JSON script (not run, so the CSP allows it; the web app reads it
 * instead of asking), and the contact e-mail where a prerendered page shows it.
 */
function htmlPage(file: string, config: PublicConfig): HtmlPage {
  // `<` escaped, so nothing in the configuration can close the script.
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const email = escapeHtml(config.contactEmail);
  // Functions, so that `$&` and the like in a replacement stay text.
  const html = readFileSync(file, 'utf8')
    .replaceAll(PRERENDERED_CONTACT_EMAIL, () => email)
    .replace(
      '</head>',
      () =>
        `  <script type="application/json" id="${INLINED_CONFIG_ID}">${json}</script>\n  </head>`,
    );
  const body = Buffer.from(html);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, hash, compressed: new Map() };
}

function compressed(page: HtmlPage, encoding: Encoding): Promise<Buffer> {
  let copy = page.compressed.get(encoding);
  if (!copy) {
    copy =
      encoding === 'br'
        ? brotli(page.body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            },
          })
        : gzipAsync(page.body, { level: 9 });
    // A copy that failed is made again next time, not kept as a failure.
    copy.catch(() => page.compressed.delete(encoding));
    page.compressed.set(encoding, copy);
  }
  return copy;
}

/**
 * The encoding to send: brotli if the client takes it (`*` included), else gzip, else none.
 * A coding with q=0 is refused.
 */
function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';').map((piece) => piece.trim()))
    .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
    .map(([name]) => (name === 'x-gzip' ? 'gzip' : name));
  if (accepted.includes('br') || accepted.includes('*')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
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
    options: { webDistDir: string; sessionCookieName: string; publicConfig: PublicConfig },
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
        allowedPath: (pathname) => !pathname.endsWith('.html'),
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
          return sendHtml(
            request,
            reply,
            pageFile(prerenderedFile(page, pageLanguage(request.headers))),
          );
        }
      }
      return sendHtml(request, reply, pageFile('index.html'));
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['errors'] },
);
