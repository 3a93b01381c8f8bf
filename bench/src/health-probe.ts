// GET /api/health probed back to back, to see what other work does to its latency. By default the
// probes run in a worker thread of their own: in the bench's main thread a probe's answer waited
// behind the bench's own work (40 pages decompressed and their inlined data parsed, a 200 kB body
// encoded, PostgreSQL's backends polled), and that wait was counted as the server's.
// `BENCH_PROBE=inline` keeps them on the main thread, as the class bench did before 2026-11-26.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

type ProbeData = { url: string; probes: number };

/** Stops the probes once their current requests are answered; resolves to every latency (ms). */
export type ProbeRun = { stop: () => Promise<number[]> };

export const PROBE_PLACE = process.env.BENCH_PROBE === 'inline' ? 'inline' : 'worker';

/** `probes` loops, each sending the next GET /api/health once the last is answered and read. */
function probeLoops({ url, probes }: ProbeData): ProbeRun {
  let isDone = false;
  const latencies: number[] = [];
  const loops = Promise.all(
    Array.from({ length: probes }, async () => {
      while (!isDone) {
        const started = performance.now();
        const response = await fetch(`${url}/api/health`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`GET /api/health: ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  // A failed probe rejects `stop`; until then it must not count as unhandled.
  loops.catch(() => undefined);
  return {
    stop: async () => {
      isDone = true;
      await loops;
      return latencies;
    },
  };
}

/** Starts the probes (in their worker unless BENCH_PROBE=inline) and resolves once they run. */
export async function startProbes(url: string, probes: number): Promise<ProbeRun> {
  if (PROBE_PLACE === 'inline') return probeLoops({ url, probes });
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { url, probes } satisfies ProbeData,
  });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the health probe ended (${code})`)));
  });
  // Kept away from unhandled rejections while nothing awaits it; each await below races it.
  failed.catch(() => undefined);
  const next = () =>
    Promise.race([new Promise<unknown>((resolve) => worker.once('message', resolve)), failed]);
  await next(); // 'started'
  return {
    stop: async () => {
      const answer = next();
      worker.postMessage('stop');
      const latencies = (await answer) as number[];
      await worker.terminate();
      return latencies;
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const run = probeLoops(workerData as ProbeData);
  port.once('message', () => {
    void run.stop().then((latencies) => port.postMessage(latencies));
  });
  port.postMessage('started');
}
