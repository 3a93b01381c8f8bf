// The signed-in pages rendered on the server with the visitor's own data (decision 0011), at class
// scale (issue 22, decision 0013): the page's first-screen data is fetched from the API as the
// visitor (on this thread: a few cached answers), the page is rendered once in a worker thread
// (never on the event loop), and the HTML is kept per data, so a visit whose data has not changed
// sends the page it was sent before without rendering it again.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { serverRenderedFile } from '@teamshuffle/domain';
import type { Language, ServerRenderedPage } from '@teamshuffle/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asBuffer } from '../workers/bytes.ts';
import { CpuPool } from '../workers/cpu-pool.ts';
import {
  type PageFingerprint,
  type PageKey,
  answersMatch,
  readPageFingerprint,
  readPageKey,
  workspaceIdAt,
} from './page-fingerprint.ts';
import { Admission } from '../workers/admission.ts';
import { type Encoding, compress, encodingFor } from './web-html.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The worker thread that renders the signed-in pages (one, at the event loop's priority: a
     * visitor waits for it, unlike the background work of `app.cpu`). Started by the first page.
     */
    pageRenderer: CpuPool;
    /** The first visits worked on (`running`) and waiting their turn (`waiting`). */
    pageFirstVisits: Pick<Admission, 'running' | 'waiting'>;
  }
}

/** A request of the web app's renderer to the API, answered by the server itself. */
type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** A page's first-screen data as the renderer fetched it (TanStack Query's dehydrated state). */
export type PageData = {
  queries: ReadonlyArray<{ queryHash?: string; state?: { data?: unknown } }>;
};

/** A signed-in page rendered from its data. */
export type RenderedPage = { markup: string; title: string; queries: unknown };

/**
 * A signed-in page's HTML as the page renderer's worker made it, and its copy compressed as
 * `encoding` (the visitor's browser's; none if it takes none). Buffers arrive as Uint8Arrays.
 */
export type RenderedHtml = {
  html: Uint8Array;
  encoding: Encoding | null;
  compressed: Uint8Array | null;
};

/** The web build's renderer for Node (apps/web/src/app/prerender.tsx, decision 0011). */
export type WebRenderer = {
  /** The first screen's data of the page at `url`, asked as the visitor; null: send the app. */
  fetchPageData: (url: string, transport: ApiTransport) => Promise<PageData | null>;
  /** The page rendered once from its data (no API calls); null: send the app. */
  renderPage: (url: string, language: Language, known: PageData) => Promise<RenderedPage | null>;
};

/**
 * First visits worked on at once (their data fetched and rendered); the rest wait their turn in
 * memory rather than in the database's queue (workers/admission.ts). Two keep the render worker busy
 * while the next visit's data is fetched.
 */
const FIRST_VISITS_AT_ONCE = 2;

/** How much lower than the event loop's the renderer worker's CPU priority is (cpu-pool.ts). */
const RENDERER_NICENESS = 10;

/** The most bytes of rendered pages kept (least recently sent first out). */
const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

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
  prefetched: ReadonlyMap<string, Answer>,
  used: Map<string, Answer>,
): ApiTransport {
  return async (apiPath, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new TypeError('the renderer only reads');
    // An answer this visit already fetched (the fast path's) is given once; the rest are asked.
    const answer =
      (!used.has(apiPath) ? prefetched.get(apiPath) : undefined) ??
      (await ask(app, request, reply, apiPath));
    used.set(apiPath, answer);
    return responseOf(answer);
  };
}

/** One API answer as the renderer got it. */
type Answer = { status: number; type: string | undefined; body: Buffer };

function responseOf(answer: Answer): Response {
  return new Response(NO_BODY.has(answer.status) ? null : answer.body, {
    status: answer.status,
    headers: answer.type ? { 'content-type': answer.type } : {},
  });
}

/** GET `apiPath` on the server itself as the visitor (their cookie, address and language). */
async function ask(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  apiPath: string,
): Promise<Answer> {
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
  return {
    status: answer.statusCode,
    type: typeof type === 'string' ? type : undefined,
    body: answer.rawPayload,
  };
}

/** A page rendered for one visitor's data: its HTML and its compressed copies, made once. */
type CachedPage = { html: Buffer; compressed: Map<Encoding, Promise<Buffer>> };

/**
 * Rendered pages by what they were rendered from (the page, its language and the answers' data:
 * the same data makes the same page), least recently sent first out past `maxBytes`. The data is
 * the visitor's own (their session, their role's view), so a page is only ever sent again for
 * the same answers, which the API gave this visitor just now.
 */
class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  #bytes = 0;

  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (page) {
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage) {
    if (this.#pages.has(key) || page.html.byteLength > PAGE_CACHE_MAX_BYTES) return;
    this.#pages.set(key, page);
    this.#bytes += page.html.byteLength * 2;
    for (const [oldKey, oldest] of this.#pages) {
      if (this.#bytes <= PAGE_CACHE_MAX_BYTES) break;
      this.#pages.delete(oldKey);
      this.#bytes -= oldest.html.byteLength * 2;
    }
  }
}

/**
 * What identifies a page's rendering: the address, the language and the API's answers it was
 * rendered from, byte for byte (the page is a function of them: its data list asks for the same
 * calls given the same answers).
 */
function pageKey(url: string, language: Language, answers: ReadonlyMap<string, Answer>): string {
  const hash = createHash('sha256').update(`${url}\n${language}\n`);
  for (const path of [...answers.keys()].sort()) {
    const answer = answers.get(path)!;
    hash.update(`${path}\n${answer.status}\n${answer.body.byteLength}\n`).update(answer.body);
  }
  return hash.digest('base64url');
}

/** The most visitors whose pages' API calls are remembered (for the fast path). */
const ASKED_MAX = 10_000;

/** What a visitor's page asked last time, and the fingerprint its kept page is sent for. */
type Asked = { paths: string[]; check?: { fingerprint: string; pageKey: string } };

/**
 * Whether the page rendered from `used` may be sent again on its fingerprint: the same one read
 * before and after the answers (nothing the page shows changed while they were asked), every
 * answer a success, and the answers showing what the fingerprint holds.
 */
function isKeptFor(
  before: PageKey | null,
  after: PageFingerprint | null,
  workspaceId: string | null,
  used: ReadonlyMap<string, Answer>,
): boolean {
  if (!before || !after || before.key !== after.key || workspaceId === null) return false;
  if ([...used.values()].some((answer) => answer.status !== 200)) return false;
  const bodies = new Map([...used].map(([path, answer]) => [path, answer.body]));
  return answersMatch(after, workspaceId, bodies);
}

/** A page for one visitor, compressed as their browser takes it (each copy made once). */
async function sendPrivatePage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const encoding = encodingFor(request.headers['accept-encoding']);
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (encoding === null) return reply.send(page.html);
  let copy = page.compressed.get(encoding);
  if (!copy) {
    copy = compress(page.html, encoding, 'quick');
    copy.catch(() => page.compressed.delete(encoding));
    page.compressed.set(encoding, copy);
  }
  reply.header('content-encoding', encoding);
  return reply.send(await copy);
}

/** Runs `task`, or resolves null past `ms` (the task goes on, its answer unused). */
async function withinTime<T>(task: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const tooLate = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([task, tooLate]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The signed-in pages' renderer: `send` answers a page request with the page rendered for the
 * visitor and returns true, or returns false where the app is to render it (no template, no
 * session after all, a call that failed, a render that failed or took past the time limit).
 */
export function serverRenderer(
  app: FastifyInstance,
  rendererFile: string,
  templates: ReadonlyMap<string, string>,
  /** Past this the visitor gets the app without its page rendered, rather than wait longer. */
  timeLimitMs: number,
) {
  const rendererUrl = pathToFileURL(rendererFile).href;
  // Lowered below the event loop (decision 0013): on a busy machine the loop answers every other
  // request first, and the render takes the CPU left over (40 first visits at once: health's p99
  // 4.8x its p99 alone with it lowered, 9.1x at the loop's priority; all 40 still rendered).
  const pool = new CpuPool({ size: 1, niceness: RENDERER_NICENESS });
  app.decorate('pageRenderer', pool);
  app.addHook('onClose', async () => {
    await pool.close();
  });
  // The renderer's code on this thread fetches the page's data (its data list); the render
  // itself runs in the page renderer's worker, which loads the same file.
  let renderer: Promise<WebRenderer> | null = null;
  const loadRenderer = () => (renderer ??= import(rendererUrl) as Promise<WebRenderer>);
  const pages = new PageCache();
  const firstVisits = new Admission(FIRST_VISITS_AT_ONCE);
  app.decorate('pageFirstVisits', firstVisits);
  // The renderer's code, here and in the worker, is loaded once the app is ready, not by the
  // first visitor, whose render would otherwise also pay for starting the worker and loading
  // React (past the 2 s limit on a loaded machine: they got the app instead). Not awaited: the
  // start has no deadline to miss, and a visitor before it is done waits for it as before.
  app.addHook('onReady', async () => {
    const warm = Promise.all([loadRenderer(), pool.run('loadRenderer', rendererUrl)]);
    warm.catch((error: unknown) =>
      app.log.warn({ err: error }, 'loading the page renderer ahead of the first visit failed'),
    );
  });

  // By visitor (cookie), address and language: the API calls their page made last time and, for
  // a workspace page, the fingerprint of what its kept page was rendered from. A workspace page's
  // repeat visit reads its fingerprint (one query) and, if it is the kept page's, sends that page
  // with no API call at all. Other pages ask their calls again, side by side; if the answers are
  // those a kept page was rendered from, that page is sent, with no render and no work of the
  // renderer's on this thread.
  const askedBy = new Map<string, Asked>();

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: ServerRenderedPage,
    pathname: string,
    language: Language,
    visit: { isAbandoned: boolean },
  ): Promise<CachedPage | null> => {
    const template = templates.get(serverRenderedFile(page, language));
    if (!template) return null;
    const visitor = createHash('sha256')
      .update(`${request.url}\n${language}\n${request.headers.cookie ?? ''}`)
      .digest('base64url');
    const asked = askedBy.get(visitor);
    const prefetched = new Map<string, Answer>();
    const workspaceId = workspaceIdAt(pathname);
    // Read before the API calls too, on a first visit as well: a page is kept for a fingerprint
    // only if the same key is read before and after its answers (the whole row after them, to
    // check the answers against).
    const readKey = () =>
      workspaceId === null
        ? Promise.resolve(null)
        : readPageKey(app.db, app.readSessionToken(request), workspaceId);
    // Undefined until read: at once by a visitor who has a kept page to check it against, in
    // their turn by one who has none (below).
    let before: PageKey | null | undefined;
    if (workspaceId !== null) {
      if (asked?.check) {
        before = await readKey();
        if (before && asked.check.fingerprint === before.key) {
          const cached = pages.get(asked.check.pageKey);
          if (cached) return cached;
        }
      }
    } else if (asked) {
      const answers = await Promise.all(asked.paths.map((path) => ask(app, request, reply, path)));
      asked.paths.forEach((path, index) => prefetched.set(path, answers[index]!));
      if (answers.every((answer) => answer.status === 200)) {
        const cached = pages.get(pageKey(request.url, language, prefetched));
        if (cached) return cached;
      }
    }
    return firstVisits.run(async () => {
      // A visitor whose time ran out while waiting has the app already: no work for them.
      if (visit.isAbandoned) return null;
      // A first visit reads its key in its turn, right before its answers: a class arriving at
      // once would otherwise put forty statements in the database's queue, ahead of every other
      // request's (issue 22: the arrival of the burst of 40 first visits).
      before ??= await readKey();
      const web = await loadRenderer();
      // The calls this page's data list made (the fast path's answers reused where they match).
      const used = new Map<string, Answer>();
      const known = await web.fetchPageData(
        request.url,
        transportFor(app, request, reply, prefetched, used),
      );
      if (!known) return null;
      const key = pageKey(request.url, language, used);
      const after =
        before && workspaceId !== null
          ? await readPageFingerprint(app.db, app.readSessionToken(request), workspaceId)
          : null;
      if (askedBy.size >= ASKED_MAX) askedBy.delete(askedBy.keys().next().value!);
      askedBy.set(visitor, {
        paths: [...used.keys()],
        check: isKeptFor(before, after, workspaceId, used)
          ? { fingerprint: after!.key, pageKey: key }
          : undefined,
      });
      const cached = pages.get(key);
      if (cached) return cached;
      const encoding = encodingFor(request.headers['accept-encoding']);
      const rendered = await pool.run(
        'renderSignedInPage',
        rendererUrl,
        request.url,
        language,
        known,
        template,
        pathname,
        encoding,
      );
      if (!rendered) return null;
      const made: CachedPage = { html: asBuffer(rendered.html), compressed: new Map() };
      if (rendered.encoding !== null && rendered.compressed !== null) {
        made.compressed.set(rendered.encoding, Promise.resolve(asBuffer(rendered.compressed)));
      }
      pages.set(key, made);
      return made;
    });
  };

  return async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: ServerRenderedPage,
    pathname: string,
    language: Language,
  ): Promise<boolean> {
    const visit = { isAbandoned: false };
    const made = await withinTime(
      render(request, reply, page, pathname, language, visit),
      timeLimitMs,
    ).catch((error: unknown) => {
      request.log.error({ err: error }, 'rendering a signed-in page failed');
      return null;
    });
    if (!made) {
      visit.isAbandoned = true;
      return false;
    }
    await sendPrivatePage(request, reply, made);
    return true;
  };
}
