// Live notifications (issue 13): the time from an action to its event arriving on a connected
// client's stream (GET /api/events, server-sent events fed by LISTEN/NOTIFY), median and p99 over
// 100 actions one after another, with one instance and with two instances on one PostgreSQL
// (the action sent to A, the client connected to B), against the spec's 30 s poll; then 1,000
// streams held by one instance, with the server's memory per stream, and a notification sent to
// all of them. Linux only for the memory (/proc/<pid>/status).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { type AppProcess, hasProcStatus, settledRss, startAppProcess } from './app-process.ts';
import { percentile, send, sleep, verifiedAccount } from './bench-client.ts';
import { freshPostgres, row } from './harness.ts';
import { cpuPressure } from './pressure.ts';

const ACTIONS = Number(process.env.LIVE_ACTIONS ?? 100);
const WARM_UP_ACTIONS = 5;
const STREAMS = Number(process.env.LIVE_STREAMS ?? 1000);
/** Sign-ups in flight at once while the accounts for the streams are made. */
const SIGN_UP_CONCURRENCY = 4;
/** Streams being opened at once. */
const OPEN_CONCURRENCY = 50;
// spec: the notification count is polled every 30 s, so a change waits 15 s on average, 30 s at worst.
const POLL_MS = 30_000;
const EVENT_TIMEOUT_MS = 60_000;

type SseEvent = { event: string; data: string; id: string | null; at: number };

/** One open GET /api/events, parsed as it arrives; `next` waits for an event that matches. */
class LiveStream {
  readonly #request: http.ClientRequest;
  readonly #events: SseEvent[] = [];
  #waiters: Array<{ match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }> = [];
  #buffer = '';
  bytes = 0;

  private constructor(request: http.ClientRequest) {
    this.#request = request;
  }

  /** Opens a stream and resolves once its first `unread` event came (the hub holds it then). */
  static open(url: string, cookie: string, agent: http.Agent | false = false): Promise<LiveStream> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${url}/api/events`, {
        agent,
        headers: { cookie, accept: 'text/event-stream' },
      });
      const stream = new LiveStream(request);
      request.once('error', reject);
      request.once('response', (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => stream.#receive(chunk));
        response.on('error', () => {});
        void stream
          .next((event) => event.event === 'unread', EVENT_TIMEOUT_MS)
          .then(() => resolve(stream), reject);
      });
    });
  }

  #receive(chunk: string) {
    const at = performance.now();
    this.bytes += Buffer.byteLength(chunk);
    this.#buffer += chunk;
    for (let end = this.#buffer.indexOf('\n\n'); end >= 0; end = this.#buffer.indexOf('\n\n')) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      if (data.length === 0) continue;
      const parsed = { event, data: data.join('\n'), id, at };
      const waiter = this.#waiters.find((candidate) => candidate.match(parsed));
      if (waiter) {
        this.#waiters = this.#waiters.filter((candidate) => candidate !== waiter);
        waiter.resolve(parsed);
      } else {
        this.#events.push(parsed);
        if (this.#events.length > 100) this.#events.shift();
      }
    }
  }

  /** The first event (already received or still to come) that matches; rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent> {
    const index = this.#events.findIndex(match);
    if (index >= 0) return Promise.resolve(this.#events.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((candidate) => candidate.resolve !== done);
        reject(new Error(`no matching event within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (event: SseEvent) => {
        clearTimeout(timer);
        resolve(event);
      };
      this.#waiters.push({ match, resolve: done });
    });
  }

  /** The notification with this title. */
  notification(title: string, timeoutMs = EVENT_TIMEOUT_MS): Promise<SseEvent> {
    return this.next(
      (event) =>
        event.event === 'notification' &&
        (JSON.parse(event.data) as { title: string }).title === title,
      timeoutMs,
    );
  }

  close() {
    this.#request.destroy();
  }
}

/** POST /api/admin/announcements as the administrator; resolves to when its answer came. */
async function announce(url: string, adminCookie: string, title: string): Promise<number> {
  await send(
    url,
    adminCookie,
    'POST',
    '/api/admin/announcements',
    { title, message: 'A message from the live bench.' },
    201,
  );
  return performance.now();
}

type Latencies = {
  /** From sending the action's request to the event on the stream, ms. */
  eventMs: number[];
  /** From sending it to its answer (the announcement is written to every account first), ms. */
  answerMs: number[];
};

/**
 * ACTIONS announcements one after another, each with its own title (the server drops a repeated
 * one within 5 minutes), sent to `actionUrl`; each timed until it arrives on `stream`.
 */
async function timeActions(
  actionUrl: string,
  adminCookie: string,
  stream: LiveStream,
  label: string,
): Promise<Latencies> {
  const stamp = randomBytes(3).toString('hex');
  const eventMs: number[] = [];
  const answerMs: number[] = [];
  for (let i = -WARM_UP_ACTIONS; i < ACTIONS; i++) {
    const title = `Live bench ${label} ${stamp} #${i}`;
    const arrived = stream.notification(title);
    const started = performance.now();
    const [event, answered] = await Promise.all([arrived, announce(actionUrl, adminCookie, title)]);
    if (i < 0) continue;
    eventMs.push(event.at - started);
    answerMs.push(answered - started);
  }
  return { eventMs, answerMs };
}

type LatencyRun = { label: string; latencies: Latencies; pressure: string };

const ADMIN_EMAIL = 'live-admin@example.com';

async function latencyOnPglite(): Promise<LatencyRun> {
  const app = await startAppProcess({ ADMIN_EMAILS: ADMIN_EMAIL });
  try {
    const adminCookie = await verifiedAccount(app.url, ADMIN_EMAIL, 'Administrator');
    const listenerCookie = await verifiedAccount(app.url, 'live-listener@example.com', 'Listener');
    const stream = await LiveStream.open(app.url, listenerCookie);
    try {
      const latencies = await timeActions(app.url, adminCookie, stream, 'pglite');
      return { label: 'one instance, PGlite', latencies, pressure: cpuPressure() };
    } finally {
      stream.close();
    }
  } finally {
    await app.stop();
  }
}

/** Two instances on one PostgreSQL database: one instance (A to A), then two (A to B). */
async function latencyOnPostgres(databaseUrl: string): Promise<LatencyRun[]> {
  const env = { DATABASE_URL: databaseUrl, ADMIN_EMAILS: ADMIN_EMAIL };
  // One after the other: the first one migrates the fresh database.
  const a = await startAppProcess(env);
  let b: AppProcess | undefined;
  try {
    b = await startAppProcess(env);
    const adminCookie = await verifiedAccount(a.url, ADMIN_EMAIL, 'Administrator');
    const listenerCookie = await verifiedAccount(a.url, 'live-listener@example.com', 'Listener');
    const runs: LatencyRun[] = [];
    for (const [label, streamUrl] of [
      ['one instance, PostgreSQL (action and client on A)', a.url],
      ['two instances, PostgreSQL (action to A, client on B)', b.url],
    ] as const) {
      const stream = await LiveStream.open(streamUrl, listenerCookie);
      try {
        const latencies = await timeActions(
          a.url,
          adminCookie,
          stream,
          streamUrl === a.url ? 'a' : 'b',
        );
        runs.push({ label, latencies, pressure: cpuPressure() });
      } finally {
        stream.close();
      }
    }
    return runs;
  } finally {
    await b?.stop();
    await a.stop();
  }
}

/** Runs `task` over `items`, `concurrency` at a time, in order of the items. */
async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!, index);
      }
    }),
  );
  return results;
}

type StreamsRun = {
  label: string;
  streams: number;
  before: { rssMb: number; heapMb: number | undefined };
  after: { rssMb: number; heapMb: number | undefined };
  openMs: number;
  /** How many of the streams received the announcement, and when (from sending it), ms. */
  received: number;
  arrivalMs: number[];
  answerMs: number;
  /** Bytes the client received on all streams while they were held. */
  clientBytes: number;
  pressure: string;
};

/**
 * STREAMS accounts (one stream each, as browsers hold: one per user, shared between tabs) signed
 * up on one instance; the server's memory before and after (settled, and the V8 heap after a full
 * collection) they open their streams; then one announcement, awaited on every stream.
 */
async function manyStreams(label: string, env: Record<string, string>): Promise<StreamsRun> {
  const app = await startAppProcess({ ADMIN_EMAILS: ADMIN_EMAIL, ...env }, { heapProbe: true });
  const open: LiveStream[] = [];
  try {
    const adminCookie = await verifiedAccount(app.url, ADMIN_EMAIL, 'Administrator');
    const stamp = Date.now().toString(36);
    const started = performance.now();
    const cookies = await inBatches(
      Array.from({ length: STREAMS }, (_, i) => i),
      SIGN_UP_CONCURRENCY,
      (i) => verifiedAccount(app.url, `live-user-${stamp}-${i + 1}@example.com`, `User ${i + 1}`),
    );
    console.log(
      `(live: ${STREAMS} accounts signed up and verified on ${label} in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    // The code paths a stream takes, warmed up on a few, closed again before the baseline.
    const warm = await inBatches(cookies.slice(0, 20), 20, (cookie) =>
      LiveStream.open(app.url, cookie),
    );
    for (const stream of warm) stream.close();
    await sleep(1000);
    const before = { heapMb: await app.heapAfterGc(), rssMb: await settledRss(app.pid, 60_000) };
    const opening = performance.now();
    open.push(
      ...(await inBatches(cookies, OPEN_CONCURRENCY, (cookie) => LiveStream.open(app.url, cookie))),
    );
    const openMs = performance.now() - opening;
    await sleep(1000);
    const after = { heapMb: await app.heapAfterGc(), rssMb: await settledRss(app.pid, 60_000) };

    const title = `Live bench: to ${STREAMS} streams ${randomBytes(3).toString('hex')}`;
    const sent = performance.now();
    const arrivals = Promise.allSettled(open.map((stream) => stream.notification(title)));
    const answerMs = (await announce(app.url, adminCookie, title)) - sent;
    const settled = await arrivals;
    const arrivalMs = settled.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value.at - sent] : [],
    );
    return {
      label,
      streams: open.length,
      before,
      after,
      openMs,
      received: arrivalMs.length,
      arrivalMs,
      answerMs,
      clientBytes: open.reduce((sum, stream) => sum + stream.bytes, 0),
      pressure: cpuPressure(),
    };
  } finally {
    for (const stream of open) stream.close();
    await app.stop();
  }
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export async function benchLive() {
  const runs: LatencyRun[] = [await latencyOnPglite()];
  const postgres = await freshPostgres();
  if (postgres) {
    try {
      runs.push(...(await latencyOnPostgres(postgres.url)));
    } finally {
      await postgres.drop();
    }
  }

  console.log(
    `\nLive events (issue 13): ${ACTIONS} announcements one after another (after ${WARM_UP_ACTIONS} not counted), ` +
      "each timed from sending POST /api/admin/announcements to its `notification` event on the listener's GET /api/events; " +
      'two accounts (administrator and listener), so the announcement writes two rows',
  );
  const widths = [54, 10, 10, 10, 14, 16, 16];
  console.log(
    row(
      [
        'setup',
        'median ms',
        'p99 ms',
        'max ms',
        'answer median',
        'vs poll 15 s avg',
        'vs poll 30 s max',
      ],
      widths,
    ),
  );
  for (const run of runs) {
    const median = percentile(run.latencies.eventMs, 50);
    const p99 = percentile(run.latencies.eventMs, 99);
    console.log(
      row(
        [
          run.label,
          ms(median),
          ms(p99),
          ms(Math.max(...run.latencies.eventMs)),
          `${ms(percentile(run.latencies.answerMs, 50))} ms`,
          `${(POLL_MS / 2 / median).toFixed(0)}x sooner`,
          `${(POLL_MS / p99).toFixed(0)}x sooner (p99)`,
        ],
        widths,
      ),
    );
  }
  for (const run of runs) console.log(`after ${run.label}: ${run.pressure}`);
  if (!postgres) console.log('two instances: skipped (no PostgreSQL server at BENCH_DATABASE_URL)');

  if (!hasProcStatus()) {
    console.log('\nstreams: skipped (reads /proc/<pid>/status, Linux only)');
    return { runs };
  }
  const held: StreamsRun[] = [await manyStreams('PGlite', {})];
  if (process.env.LIVE_STREAMS_POSTGRES === '1') {
    const database = await freshPostgres();
    if (database) {
      try {
        held.push(await manyStreams('PostgreSQL', { DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    }
  }
  console.log(
    `\n${STREAMS} streams held by one instance: ${STREAMS} accounts, one GET /api/events each (a browser holds one per user, shared between its tabs); ` +
      'server VmRSS settled (within 1 MB for 3 s) and the V8 heap in use after a full collection, before and after they opened; then one announcement to all',
  );
  for (const run of held) {
    const rssPer = ((run.after.rssMb - run.before.rssMb) * 1024) / run.streams;
    const heapPer =
      run.before.heapMb !== undefined && run.after.heapMb !== undefined
        ? ((run.after.heapMb - run.before.heapMb) * 1024) / run.streams
        : undefined;
    console.log(
      `${run.label}: ${run.streams} streams opened in ${(run.openMs / 1000).toFixed(1)} s; RSS ${run.before.rssMb.toFixed(0)} -> ${run.after.rssMb.toFixed(0)} MB ` +
        `(+${(run.after.rssMb - run.before.rssMb).toFixed(1)} MB, ${rssPer.toFixed(1)} kB per stream); V8 heap in use ${run.before.heapMb?.toFixed(1)} -> ${run.after.heapMb?.toFixed(1)} MB ` +
        `(${heapPer?.toFixed(1) ?? '–'} kB per stream)`,
    );
    console.log(
      `  the announcement reached ${run.received} of ${run.streams} streams (answer after ${ms(run.answerMs)} ms); ` +
        `arrival from sending: first ${ms(Math.min(...run.arrivalMs))} ms, median ${ms(percentile(run.arrivalMs, 50))} ms, ` +
        `p99 ${ms(percentile(run.arrivalMs, 99))} ms, last ${ms(Math.max(...run.arrivalMs))} ms; ${run.pressure}`,
    );
  }
  return { runs, held };
}
