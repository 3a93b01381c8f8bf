// The class bench's forty first visitors (issue 22's burst), in a process of their own.
//
// Real students' browsers run on their own machines; the bench's visitors run on the server's
// two cores. In a process of their own, their client work is counted apart from the bench's
// probes, and so is each visit's own delay between its HTML's answer and the calls it makes after
// it (a browser takes a few milliseconds there). Their client is light (below): about half the
// CPU of undici's `fetch`, and a delay of about 1 ms.
//
// `CLASS_VISITORS=lowest` starts the process under `nice -n 19`, every thread of it, so that its
// client work mostly waits for a core the app and the probes leave idle. Measured on 2026-11-28
// and not made the default (decision 0040): the visits' own delay grew to a median of 32-162 ms
// (up to 0.6 s), so their calls after the HTML reached the server later than a class's browsers
// would send them, spreading the burst's arrival.
//
// This file is both the parent's handle (`startVisitors`) and the child's entry (run directly).
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { INLINED_QUERIES_ID } from '@teamshuffle/domain';
import { queryKeys } from '../../apps/web/src/lib/query-keys.ts';
import { BROWSER_ENCODINGS } from './browser-encodings.ts';

/** The visitors' CPU priority: the bench's own (the default) or the lowest. */
export const VISITOR_PRIORITY = process.env.CLASS_VISITORS === 'lowest' ? 'lowest' : 'normal';
/** The niceness the visitors run at (19: the lowest priority Linux gives). */
const LOWEST_NICENESS = 19;

export type Visitor = { viewer: 'leader' | 'member'; cookie: string };

/** One burst's visits, as the parent asks for them. */
export type VisitPlan = {
  url: string;
  workspaceId: string;
  visitors: Visitor[];
  /** 'refetch': also ask again for every query the page carries (the model before 2026-11-26). */
  model: 'browser' | 'refetch';
};

/** What the visits did: how many pages the server rendered, the calls made after the HTML. */
export type VisitsDone = {
  rendered: number;
  calls: number;
  /** The API calls a visitor made after the HTML, as the page listed them (or the fallback). */
  callsOf: Record<string, string[]>;
  unknownKeys: string[];
  /** The visitors' process's CPU while the visits ran (every thread of it), ms. */
  cpuMs: number;
  /**
   * When the last request was issued (its request started), on the monotonic clock every process of
   * the machine shares (`process.hrtime.bigint()`, ns, as a string: IPC carries no bigint).
   */
  lastIssuedAt: string;
  /**
   * Each visit's own delay, ms: from its HTML's answer (its headers) to its calls after the HTML
   * issued (the body read and decoded; for the first page of each kind, its inlined JSON parsed).
   * A browser does this on its own
   * core; a visitor kept waiting for a core takes longer, and its calls reach the server later.
   */
  clientDelaysMs: number[];
};

type ToChild = { plan: VisitPlan };
type FromChild = 'ready' | { done: VisitsDone } | { failed: string };

// The visits' own HTTP client: node:http with a pool of kept-alive connections, as undici's
// `fetch` keeps them, but without decoding what the visit does not read. The server compresses
// every answer as a browser asks for it (the same work); a visitor decodes the page's HTML, to
// see whether it was rendered and what it carries, and only drains the sections' JSON: 0.2-0.3 s
// of client CPU a burst against 0.4-0.6 s with `fetch` (2026-11-28, decision 0040).
const agent = new http.Agent({ keepAlive: true });

/** A compressed answer's bytes decoded as its Content-Encoding says. */
function decoded(body: Buffer, encoding: string | undefined): string {
  switch (encoding ?? 'identity') {
    case 'br':
      return zlib.brotliDecompressSync(body).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(body).toString('utf8');
    case 'deflate':
      return zlib.inflateSync(body).toString('utf8');
    case 'zstd':
      return zlib.zstdDecompressSync(body).toString('utf8');
    case 'identity':
      return body.toString('utf8');
    default:
      throw new Error(`an answer in an encoding the bench does not read: ${encoding}`);
  }
}

/** A request that has had nothing to read for this long fails (as `fetch` gives up at 300 s). */
const REQUEST_IDLE_MS = 120_000;

/**
 * Starts a GET; the answer once its headers arrive. Rejects on a network error, on `signal`
 * aborting before the answer, or after REQUEST_IDLE_MS with nothing sent or received.
 */
function request(
  url: string,
  pathname: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const sent = http.get(`${url}${pathname}`, { headers, agent, signal }, resolve);
    sent.on('error', reject);
    sent.setTimeout(REQUEST_IDLE_MS, () =>
      sent.destroy(new Error(`GET ${pathname}: nothing for ${REQUEST_IDLE_MS / 1000} s`)),
    );
  });
}

/** The rest of an answer read; its bytes when `keep`, otherwise drained. */
function readAll(response: http.IncomingMessage, keep: boolean) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    if (keep) response.on('data', (chunk: Buffer) => chunks.push(chunk));
    else response.resume();
    response.once('end', () => resolve(Buffer.concat(chunks))).once('error', reject);
    // Closed without its end (after the end, the promise is settled already).
    response.once('close', () => reject(new Error('the answer closed before its end')));
  });
}

/**
 * A visit's GET that must answer 2xx: its decoded body when `isRead` (the page's HTML), otherwise
 * drained and ''. `onAnswer` runs when its headers arrive.
 */
async function visitGet(
  url: string,
  pathname: string,
  headers: Record<string, string>,
  { isRead, onAnswer }: { isRead: boolean; onAnswer?: () => void },
) {
  const response = await request(url, pathname, headers);
  onAnswer?.();
  const status = response.statusCode ?? 0;
  const isOk = status >= 200 && status < 300;
  const body = await readAll(response, isRead || !isOk);
  if (!isOk) {
    let text: string;
    try {
      text = decoded(body, response.headers['content-encoding']);
    } catch {
      text = `(${body.length} bytes that did not decode)`;
    }
    throw new Error(`GET ${pathname}: ${status} ${text.slice(0, 200)}`);
  }
  return isRead ? decoded(body, response.headers['content-encoding']) : '';
}

/**
 * Opens the live events' stream as the page does and resolves once the server has sent its first
 * event (the unread count: the stream's opening work is done); the stream stays open until
 * `signal` aborts.
 */
async function openEvents(url: string, cookie: string, signal: AbortSignal) {
  const response = await request(
    url,
    '/api/events',
    { cookie, 'accept-encoding': BROWSER_ENCODINGS },
    signal,
  );
  // Closing it later is not an error of the visit.
  response.on('error', () => undefined);
  const close = () => response.destroy();
  if (signal.aborted) close();
  else signal.addEventListener('abort', close, { once: true });
  if (response.statusCode !== 200) throw new Error(`GET /api/events: ${response.statusCode}`);
  const encoding = response.headers['content-encoding'];
  if (encoding && encoding !== 'identity') {
    throw new Error(`/api/events came compressed (${encoding}); the bench reads it as text`);
  }
  response.setEncoding('utf8');
  // Read as it comes, not with `for await`: leaving that loop would close the stream, which stays
  // open as a tab keeps it.
  await new Promise<void>((resolve, reject) => {
    let text = '';
    const onData = (chunk: string) => {
      text += chunk;
      if (!text.includes('event: unread')) return;
      response.off('data', onData);
      response.resume();
      resolve();
    };
    response.on('data', onData);
    const early = () => reject(new Error('/api/events ended before its first event'));
    response.once('end', early).once('close', early).once('error', reject);
  });
}

// The signed-in page's marker (as web.bench.ts checks it) or its inlined queries: the app shell
// (index.html) has neither. Either will do, so that a reworked page still counts as rendered.
export const isRendered = (html: string) =>
  html.includes('data-signed-in') || html.includes(`id="${INLINED_QUERIES_ID}"`);

/**
 * The API GETs behind the queries the page carries in its inlined JSON (`teamshuffle-queries`),
 * matched against the web app's own query keys; keys the bench does not know are returned apart.
 */
function inlinedCalls(html: string, workspaceId: string) {
  const match = new RegExp(
    `<script[^>]*id="${INLINED_QUERIES_ID}"[^>]*>([\\s\\S]*?)</script>`,
  ).exec(html)?.[1];
  if (!match) return undefined;
  const state = JSON.parse(match) as {
    queries?: Array<{ queryKey: unknown[]; state?: { data?: unknown } }>;
  };
  const queries = state.queries ?? [];
  const me = queries.find((query) => JSON.stringify(query.queryKey) === '["me"]');
  const viewerId = (me?.state?.data as { id?: string } | undefined)?.id ?? null;
  const ws = `/api/workspaces/${workspaceId}`;
  const known: Array<[readonly unknown[], string]> = [
    [queryKeys.me, '/api/me'],
    [queryKeys.config, '/api/config'],
    [queryKeys.storage, '/api/me/storage'],
    [queryKeys.preferences, '/api/preferences'],
    [queryKeys.notifications.counts(), '/api/notifications/counts'],
    [queryKeys.dashboard, '/api/dashboard'],
    [queryKeys.workspaces.detailById(viewerId, workspaceId), ws],
    [queryKeys.notes.section(viewerId, workspaceId), `${ws}/notes`],
    [queryKeys.assignments.section(viewerId, workspaceId), `${ws}/assignments`],
    [queryKeys.assignments.scores(workspaceId), `${ws}/scores`],
  ];
  const paths: string[] = [];
  const unknown: string[] = [];
  for (const query of queries) {
    const key = JSON.stringify(query.queryKey);
    const found = known.find(([candidate]) => JSON.stringify(candidate) === key);
    if (found) paths.push(found[1]);
    else unknown.push(key);
  }
  return { paths, unknown };
}

/**
 * Every visitor at once, each as Chromium makes a first visit (e2e/workspace-first-screen.spec.ts
 * checks it): the page's HTML, then the section the page leaves to the browser (the notes, for
 * this week's note) beside the live events' stream (`/api/events`, held open until every visit
 * is done, as an open tab holds it), and nothing the page carries. A visitor whose page was not
 * rendered (the app shell) makes the calls the app makes: /api/me, the bell's counts, the
 * workspace and the section.
 */
async function visitAll({ url, workspaceId, visitors, model }: VisitPlan): Promise<VisitsDone> {
  const cpu = process.cpuUsage();
  let lastIssuedAt = process.hrtime.bigint();
  const clientDelaysMs: number[] = [];
  const ws = `/api/workspaces/${workspaceId}`;
  // The Overview (issue 22: each section at its own address) shows this week's note: after its
  // HTML the browser asks for the notes section, and the app shell for everything before it too.
  const deferred = [`${ws}/notes`];
  const fallback = ['/api/me', '/api/notifications/counts', ws, ...deferred];
  const callsOf: Record<string, string[]> = {};
  const unknownKeys = new Set<string>();
  const streams = new AbortController();
  let rendered = 0;
  let calls = 0;
  const visit = async (visitor: Visitor) => {
    const headers = { cookie: visitor.cookie, 'accept-encoding': BROWSER_ENCODINGS };
    let answeredAt = 0;
    const html = await visitGet(url, `/workspace/${workspaceId}`, headers, {
      isRead: true,
      onAnswer: () => (answeredAt = performance.now()),
    });
    const isPage = isRendered(html);
    const kind = `${visitor.viewer}${isPage ? '' : ' (app shell)'}`;
    // The kinds of queries a page carries (not their data) are the same for every visitor of a
    // kind: read from the first page of each kind, or from every page when the visit asks for
    // them again (CLASS_BURST=refetch). A browser parses every page's JSON; the bench need not.
    const inlined =
      isPage && (model === 'refetch' || !callsOf[kind])
        ? inlinedCalls(html, workspaceId)
        : undefined;
    if (isPage) rendered += 1;
    for (const key of inlined?.unknown ?? []) unknownKeys.add(key);
    const carried = inlined && model === 'refetch' ? inlined.paths : [];
    const paths = [...new Set(isPage ? [...carried, ...deferred] : fallback)];
    callsOf[kind] ??= [...paths, '/api/events'];
    calls += paths.length + 1;
    clientDelaysMs.push(performance.now() - answeredAt);
    const issuedAt = process.hrtime.bigint();
    if (issuedAt > lastIssuedAt) lastIssuedAt = issuedAt;
    await Promise.all([
      ...paths.map((pathname) => visitGet(url, pathname, headers, { isRead: false })),
      openEvents(url, visitor.cookie, streams.signal),
    ]);
  };
  await Promise.all(visitors.map(visit)).finally(() => streams.abort());
  const { user, system } = process.cpuUsage(cpu);
  return {
    rendered,
    calls,
    callsOf,
    unknownKeys: [...unknownKeys],
    cpuMs: (user + system) / 1000,
    lastIssuedAt: String(lastIssuedAt),
    clientDelaysMs,
  };
}

/** The visitors' process, started and ready: `visit` runs one burst's visits in it. */
export type Visitors = {
  visit: (plan: VisitPlan) => Promise<VisitsDone>;
  stop: () => Promise<void>;
};

/**
 * Starts the visitors' process (under `nice -n 19` when CLASS_VISITORS=lowest) and resolves once
 * it is waiting, warm: a few connections to `url` opened, as the bench's main thread had them
 * before (its start-up is not what a burst measures).
 */
export async function startVisitors(url: string): Promise<Visitors> {
  const self = fileURLToPath(import.meta.url);
  // None of the parent's own flags (an inspector's port, a CPU profile); Node 24 loads the
  // TypeScript itself.
  const node = [process.execPath, self, url];
  const [command, ...args] =
    VISITOR_PRIORITY === 'lowest' ? ['nice', '-n', String(LOWEST_NICENESS), ...node] : node;
  const child: ChildProcess = spawn(command!, args, {
    env: { ...process.env, CLASS_VISITORS_CHILD: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let ended: Error | undefined;
  let pending: { resolve: (done: VisitsDone) => void; reject: (error: Error) => void } | undefined;
  let ready!: () => void;
  let failedToStart!: (error: Error) => void;
  const isReady = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failedToStart = reject;
  });
  const end = (error: Error) => {
    ended ??= error;
    failedToStart(ended);
    pending?.reject(ended);
    pending = undefined;
  };
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      end(new Error(`the visitors' process ended (${signal ?? code})`));
      resolve();
    }),
  );
  child.on('error', (error) => end(new Error(`the visitors' process: ${error.message}`)));
  child.on('message', (message: FromChild) => {
    if (message === 'ready') return ready();
    const answered = pending;
    pending = undefined;
    if ('done' in message) answered?.resolve(message.done);
    else answered?.reject(new Error(`the visitors failed: ${message.failed}`));
  });
  await isReady;
  return {
    visit: (plan) =>
      new Promise<VisitsDone>((resolve, reject) => {
        if (ended) return reject(ended);
        if (pending) return reject(new Error('one burst at a time'));
        pending = { resolve, reject };
        child.send({ plan } satisfies ToChild, (error) => {
          if (error) end(new Error(`the visitors' process: ${error.message}`));
        });
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

if (process.env.CLASS_VISITORS_CHILD === '1' && process.send) {
  const send = (message: FromChild) => process.send?.(message);
  // The bench gone, nothing is left to do.
  process.on('disconnect', () => process.exit(1));
  process.on('message', (message: ToChild) => {
    visitAll(message.plan).then(
      (done) => send({ done }),
      (error: unknown) =>
        send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // Warm: a few connections open, as the bench's main thread had them before.
  const url = process.argv[2];
  if (!url) throw new Error("the visitors need the app's URL");
  await Promise.all(
    Array.from({ length: 4 }, () => visitGet(url, '/api/health', {}, { isRead: false })),
  );
  send('ready');
}
