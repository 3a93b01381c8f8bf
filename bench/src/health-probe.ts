// GET /api/health probed back to back, to see what other work does to its latency. By default the
// probes run in a worker thread of their own: in the bench's main thread a probe's answer waited
// behind the bench's own work (40 pages decompressed and their inlined data parsed, a 200 kB body
// encoded, PostgreSQL's backends polled), and that wait was counted as the server's.
// `BENCH_PROBE=inline` keeps them on the main thread, as the class bench did before 2026-11-26.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

type ProbeData = { url: string; probes: number };

/** What the probes' worker posts: it runs, its latencies once stopped, or a probe's failure. */
type ProbeMessage = 'started' | { latencies: number[] } | { failed: string };

export type ProbeRun = {
  /** Stops the probes once their current requests are answered; every latency (ms). */
  stop: () => Promise<number[]>;
  /** Rejects as soon as a probe fails (never resolves): race the work measured against it. */
  failed: Promise<never>;
};

export const PROBE_PLACE = process.env.BENCH_PROBE === 'inline' ? 'inline' : 'worker';

async function probe(url: string): Promise<void> {
  const response = await fetch(`${url}/api/health`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET /api/health: ${response.status}`);
}

/** Kept from counting as an unhandled rejection while nothing awaits it yet. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * `probes` loops, each sending the next GET /api/health once the last is answered and read.
 * Resolves once each loop has made one probe that is not timed: a thread's first fetch loads its
 * HTTP client and opens a connection (28-60 ms measured in a new worker), which is not the
 * server's time, and during a save that the probes answer 200 times in it would be the p99.
 */
async function probeLoops({ url, probes }: ProbeData): Promise<ProbeRun> {
  let isDone = false;
  const latencies: number[] = [];
  await Promise.all(Array.from({ length: probes }, () => probe(url)));
  const loops = quiet(
    Promise.all(
      Array.from({ length: probes }, async () => {
        while (!isDone) {
          const started = performance.now();
          await probe(url);
          latencies.push(performance.now() - started);
        }
      }),
    ),
  );
  return {
    stop: async () => {
      isDone = true;
      await loops;
      return latencies;
    },
    failed: quiet(loops.then(() => new Promise<never>(() => undefined))),
  };
}

/** Starts the probes (in their worker unless BENCH_PROBE=inline) and resolves once they run. */
export async function startProbes(url: string, probes: number): Promise<ProbeRun> {
  if (PROBE_PLACE === 'inline') return probeLoops({ url, probes });
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { url, probes } satisfies ProbeData,
  });
  let started!: () => void;
  let answered!: (latencies: number[]) => void;
  let fail!: (error: Error) => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const failed = quiet(new Promise<never>((_, reject) => (fail = reject)));
  const result = quiet(
    new Promise<number[]>((resolve, reject) => {
      answered = resolve;
      void failed.catch(reject);
    }),
  );
  worker.on('message', (message: ProbeMessage) => {
    if (message === 'started') started();
    else if ('latencies' in message) answered(message.latencies);
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
  const run = await probeLoops(workerData as ProbeData);
  run.failed.catch((error: unknown) => post({ failed: describe(error) }));
  port.once('message', () => {
    run.stop().then(
      (latencies) => post({ latencies }),
      (error: unknown) => post({ failed: describe(error) }),
    );
  });
  post('started');
}
