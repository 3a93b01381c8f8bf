// GET /api/health probed back to back, to see what other work does to its latency. By default the
// probes run in a worker thread of their own: in the bench's main thread a probe's answer waited
// behind the bench's own work (40 pages decompressed and their inlined data parsed, a 200 kB body
// encoded, PostgreSQL's backends polled), and that wait was counted as the server's.
// `BENCH_PROBE=inline` keeps them on the main thread, as the class bench did before 2026-11-26.
//
// Two ways to probe (decision 0039). By default at a constant rate (`BENCH_PROBE_RATE` a
// second, 500), each probe sent at its time whether the ones before it are answered or not, and
// its latency counted from that time: what a request arriving at a random moment waits, stalls
// included. `BENCH_PROBE_LOOP=closed`: `probes` loops, each sending its next probe once the last
// is answered (the class bench's probes until 2026-11-27 night). A closed loop sends as fast as
// the server answers (about 1,300 a second here), so it loads the machine it measures (its
// requests were about half the event loop's work in a burst, 2026-11-27), and while the server
// stalls it waits instead of sending: a stall counts once, not for every request arriving in it.
//
// Each probe also says where its time went (issue 22, 2026-11-28): how late the bench sent it
// (its timer fired after the moment it was due: the bench's own thread had no core), and how long
// the server's own database ping inside health took, as health's answer reports it
// (`database.latencyMs`). The rest is the server's queue before and after its handler and the
// handler's other work (hooks, the answer's serialization), the loopback, and the bench's own
// sending (after its timer fired) and reading.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { healthResponse } from '@teamshuffle/domain';

export type ProbeLoop = 'rate' | 'closed';

type ProbeData = { url: string; probes: number; loop: ProbeLoop; rate: number };

/** What the probes' worker posts: it runs, its samples once stopped, or a probe's failure. */
type ProbeMessage = 'started' | { samples: ProbeSample[] } | { failed: string };

/** One probe: its latency from its moment, and where that time went (ms). */
export type ProbeSample = {
  /** From the moment it was due (the constant rate) or sent (a loop) to its answer read. */
  ms: number;
  /** How late it was sent after its moment: the bench's timer firing late (0 in a loop). */
  lateMs: number;
  /** The server's database ping inside health, as its answer says (null: the answer had none). */
  databaseMs: number | null;
};

export type ProbeRun = {
  /** Stops the probes once their current requests are answered; every probe's sample. */
  stop: () => Promise<ProbeSample[]>;
  /** Rejects as soon as a probe fails (never resolves): race the work measured against it. */
  failed: Promise<never>;
};

export const PROBE_PLACE = process.env.BENCH_PROBE === 'inline' ? 'inline' : 'worker';
export const PROBE_LOOP: ProbeLoop = process.env.BENCH_PROBE_LOOP === 'closed' ? 'closed' : 'rate';
/** Probes a second at a constant rate. */
export const PROBE_RATE = probeRate(process.env.BENCH_PROBE_RATE);

/** BENCH_PROBE_RATE as a number of probes a second: 500 unless a finite number from 1 to 10,000. */
function probeRate(value: string | undefined): number {
  const rate = Number(value ?? 500);
  return Number.isFinite(rate) && rate >= 1 && rate <= 10_000 ? rate : 500;
}

/** GET /api/health once; `due` is its moment. Rejects on any answer but 200. */
async function probe(url: string, due = performance.now()): Promise<ProbeSample> {
  const lateMs = performance.now() - due;
  const response = await fetch(`${url}/api/health`);
  const body = await response.text();
  if (!response.ok) throw new Error(`GET /api/health: ${response.status}`);
  return { ms: performance.now() - due, lateMs, databaseMs: databaseLatencyOf(body) };
}

/** Health's own timing of its database ping (`database.latencyMs` of its answer), or null. */
function databaseLatencyOf(body: string): number | null {
  try {
    return healthResponse.safeParse(JSON.parse(body)).data?.database.latencyMs ?? null;
  } catch {
    return null; // not JSON
  }
}

/** Kept from counting as an unhandled rejection while nothing awaits it yet. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** `probes` loops, each sending the next GET /api/health once the last is answered and read. */
async function probeLoops({ url, probes }: Pick<ProbeData, 'url' | 'probes'>): Promise<ProbeRun> {
  let isDone = false;
  const samples: ProbeSample[] = [];
  const loops = quiet(
    Promise.all(
      Array.from({ length: probes }, async () => {
        while (!isDone) samples.push(await probe(url));
      }),
    ),
  );
  return {
    stop: async () => {
      isDone = true;
      await loops;
      return samples;
    },
    failed: quiet(loops.then(() => new Promise<never>(() => undefined))),
  };
}

/**
 * A probe every `1000 / rate` ms from the first, each sent at its time (several at once if the
 * thread's timer was late) whatever the earlier ones' state, its latency counted from its time,
 * not from when it was sent. Probes due while earlier ones wait open more connections than the
 * warm-up's. A probe that fails rejects `failed` at once, and `stop` with the first failure.
 */
async function probeAtRate({ url, rate }: Pick<ProbeData, 'url' | 'rate'>): Promise<ProbeRun> {
  const interval = 1000 / rate;
  const samples: ProbeSample[] = [];
  const inFlight = new Set<Promise<void>>();
  let firstFailure: { error: unknown } | undefined;
  let reject!: (error: unknown) => void;
  const failed = quiet(new Promise<never>((_, rejectFailed) => (reject = rejectFailed)));
  const fail = (error: unknown) => {
    firstFailure ??= { error };
    reject(error);
  };
  const started = performance.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = performance.now();
    for (let due = started + sent * interval; due <= now; due = started + sent * interval) {
      sent += 1;
      const one = probe(url, due).then((sample) => {
        samples.push(sample);
      }, fail);
      inFlight.add(one);
      void one.finally(() => inFlight.delete(one));
    }
    timer = setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
  };
  tick();
  return {
    stop: async () => {
      clearTimeout(timer);
      await Promise.all(inFlight);
      if (firstFailure) throw firstFailure.error;
      return samples;
    },
    failed,
  };
}

/**
 * Starts the probes on this thread once `probes` probes, not timed, are answered side by side: a
 * thread's first fetch loads its HTTP client and opens a connection (28-60 ms measured in a new
 * worker), which is not the server's time, and during a save that the probes answer 200 times in
 * it would be the p99. The loops then have a connection each, the constant rate a few to start.
 */
async function startHere(data: ProbeData): Promise<ProbeRun> {
  await Promise.all(Array.from({ length: data.probes }, () => probe(data.url)));
  return data.loop === 'closed' ? probeLoops(data) : probeAtRate(data);
}

/** What the probes are, for a report: how many, how sent, from where. */
export function probesDescribed(probes: number): string {
  const how =
    PROBE_LOOP === 'closed'
      ? `${probes} at a time, each sent once the last was answered`
      : `${PROBE_RATE} a second at a constant rate, each timed from its moment`;
  return `${how}, from ${PROBE_PLACE === 'worker' ? "a worker thread of the bench's" : "the bench's main thread"}`;
}

/** Starts the probes (in their worker unless BENCH_PROBE=inline) and resolves once they run. */
export async function startProbes(url: string, probes: number): Promise<ProbeRun> {
  const data: ProbeData = { url, probes, loop: PROBE_LOOP, rate: PROBE_RATE };
  if (PROBE_PLACE === 'inline') return startHere(data);
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  let started!: () => void;
  let answered!: (samples: ProbeSample[]) => void;
  let fail!: (error: Error) => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const failed = quiet(new Promise<never>((_, reject) => (fail = reject)));
  const result = quiet(
    new Promise<ProbeSample[]>((resolve, reject) => {
      answered = resolve;
      void failed.catch(reject);
    }),
  );
  worker.on('message', (message: ProbeMessage) => {
    if (message === 'started') started();
    else if ('samples' in message) answered(message.samples);
    else fail(new Error(`a health probe failed: ${message.failed}`));
  });
  worker.once('error', fail);
  worker.once('exit', (code) => fail(new Error(`the health probe ended (${code})`)));
  try {
    await Promise.race([running, failed]);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    stop: async () => {
      worker.postMessage('stop');
      try {
        return await result;
      } finally {
        await worker.terminate();
      }
    },
    failed,
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const post = (message: ProbeMessage) => port.postMessage(message);
  const describe = (error: unknown) =>
    error instanceof Error ? (error.stack ?? error.message) : String(error);
  // A failed warm-up ends the worker with its error (the 'error' event).
  const run = await startHere(workerData as ProbeData);
  run.failed.catch((error: unknown) => post({ failed: describe(error) }));
  port.once('message', () => {
    run.stop().then(
      (samples) => post({ samples }),
      (error: unknown) => post({ failed: describe(error) }),
    );
  });
  post('started');
}
