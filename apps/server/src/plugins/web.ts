import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  INLINED_CONFIG_ID,
  INLINED_QUERIES_ID,
  LANGUAGES,
  PRERENDERED_CONTACT_EMAIL,
  PRERENDERED_PAGES,
  SERVER_RENDERED_PAGES,
  SERVER_RENDER_SLOTS,
  WEB_RENDERER_FILE,
  cookieValue,
  escapeHtml,
  languageFromCookie,
  languageOfBrowser,
  prerenderedFile,
  prerenderedPageAt,
  serverRenderedFile,
  serverRenderedPageAt,
} from '@teamshuffle/domain';
import type { Language, PublicConfig, ServerRenderedPage } from '@teamshuffle/domain';
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

/** A JSON script (not run, so the CSP allows it), `<` escaped so no value can close it. */
function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/**
 * An HTML file of the build with the server's public configuration written in: GET
 * /api/config's answer as a JSON script (the web app reads it instead of asking), and the
 * contact e-mail where a prerendered page shows it.
 */
function readHtml(file: string, config: PublicConfig): string {
  const email = escapeHtml(config.contactEmail);
  // Functions, so that `$&` and the like in a replacement stay text.
  return readFileSync(file, 'utf8')
    .replaceAll(PRERENDERED_CONTACT_EMAIL, () => email)
    .replace('</head>', () => `  ${jsonScript(INLINED_CONFIG_ID, config)}\n  </head>`);
}

function htmlPage(file: string, config: PublicConfig): HtmlPage {
  const body = Buffer.from(readHtml(file, config));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, hash, compressed: new Map() };
}

/**
 * `body` compressed as `encoding`: 'smallest' for a copy made once and kept, 'quick' for a body
 * made for one request (a visitor's own page), where the time counts more than the last bytes.
 */
function compress(body: Buffer, encoding: Encoding, effort: 'smallest' | 'quick'): Promise<Buffer> {
  const isSmallest = effort === 'smallest';
  if (encoding === 'gzip') return gzipAsync(body, { level: isSmallest ? 9 : 6 });
  return brotli(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: isSmallest ? zlibConstants.BROTLI_MAX_QUALITY : 5,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
}

function compressed(page: HtmlPage, encoding: Encoding): Promise<Buffer> {
  let copy = page.compressed.get(encoding);
  if (!copy) {
    copy = compress(page.body, encoding, 'smallest');
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

/** A request of the web app's renderer to the API, answered by the server itself. */
type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** The web build's renderer for Node (apps/web/src/app/prerender.tsx, decision 0011). */
type WebRenderer = {
  renderSignedInPage: (
    url: string,
    language: Language,
    transport: ApiTransport,
  ) => Promise<{ markup: string; title: string; queries: unknown } | null>;
};

/** Past this the visitor gets the app without its page rendered, rather than wait longer. */
export const SERVER_RENDER_TIME_LIMIT_MS = 2000;

/** Statuses whose answers have no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The renderer's API calls for `request`'s page: GET only, made on the server itself with the
 * visitor's cookie and address (their own permissions and their own rate limit), never over the
 * network. A cookie an answer sets (GET /api/me renews a session a day old) goes on to the
 * visitor with the page, or with the app if the page falls back to it: the session is renewed
 * in the database, and the browser's cookie must follow.
 */
function transportFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): ApiTransport {
  return async (apiPath, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new TypeError('the renderer only reads');
    const answer = await app.inject({
      method: 'GET',
      url: apiPath,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        cookie: request.headers.cookie ?? '',
        ...(request.headers['accept-language']
          ? { 'accept-language': request.headers['accept-language'] }
          : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    const cookies = answer.headers['set-cookie'];
    // (A render past its time limit goes on after the app was sent: too late for its cookie.)
    if (cookies !== undefined && !reply.sent) {
      // The visitor's own answer from now on, whichever page it is.
      reply.header('cache-control', 'private, no-cache').header('set-cookie', cookies);
    }
    const type = answer.headers['content-type'];
    return new Response(NO_BODY.has(answer.statusCode) ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
}

/** A page rendered for one visitor, compressed as their browser takes it (not kept). */
async function sendPrivateHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = encodingFor(request.headers['accept-encoding']);
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
    .type('text/html; charset=utf-8');
  const body = Buffer.from(html);
  if (encoding === null) return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(await compress(body, encoding, 'quick'));
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
    let renderer: Promise<WebRenderer> | null = null;
    const loadRenderer = () =>
      (renderer ??= import(pathToFileURL(rendererFile).href) as Promise<WebRenderer>);

    /**
     * The signed-in page at the request's address rendered with the visitor's data (decision
     * 0011), or false where the app is to render it: no template, a call that failed, no
     * session after all, or a render past the time limit.
     */
    const sendServerRendered = async (
      request: FastifyRequest,
      reply: FastifyReply,
      page: ServerRenderedPage,
      pathname: string,
    ): Promise<boolean> => {
      const language = pageLanguage(request.headers);
      const template = templates.get(serverRenderedFile(page, language));
      if (!template) return false;
      let timer: NodeJS.Timeout | undefined;
      const tooLate = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), SERVER_RENDER_TIME_LIMIT_MS);
      });
      const rendering = loadRenderer().then((web) =>
        web.renderSignedInPage(request.url, language, transportFor(app, request, reply)),
      );
      const rendered = await Promise.race([rendering, tooLate])
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'rendering a signed-in page failed');
          return null;
        })
        .finally(() => clearTimeout(timer));
      if (!rendered) return false;
      const html = template
        .replace(SERVER_RENDER_SLOTS.title, () => escapeHtml(rendered.title))
        .replace(SERVER_RENDER_SLOTS.path, () => escapeHtml(pathname))
        .replace(SERVER_RENDER_SLOTS.markup, () => rendered.markup)
        .replace(SERVER_RENDER_SLOTS.queries, () =>
          jsonScript(INLINED_QUERIES_ID, rendered.queries),
        );
      await sendPrivateHtml(request, reply, html);
      return true;
    };

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
        if (await sendServerRendered(request, reply, signedInPage, pathname)) return reply;
      }
      return sendHtml(request, reply, pageFile('index.html'));
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['errors'] },
);
