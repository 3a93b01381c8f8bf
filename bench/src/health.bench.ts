// GET /api/health (the whole app: helmet, rate limit, compression, a database round trip)
// against a bare Fastify hello-world, measured in the same run on the same machine.
import path from 'node:path';
import { type Load, load, repoRoot, row, startApp, startProcess } from './harness.ts';

export async function benchHealth(seconds: number) {
  const hello = await startProcess(path.join(repoRoot, 'bench/src/hello-server.ts'), {}, '/');
  let baseline: Load;
  try {
    baseline = await load(`${hello.url}/`, seconds);
  } finally {
    await hello.stop();
  }
  const app = await startApp();
  let health: Load;
  try {
    health = await load(`${app.url}/api/health`, seconds);
  } finally {
    await app.stop();
  }
  const widths = [34, 14, 10, 8];
  console.log(
    '\nGET /api/health vs bare Fastify hello-world (autocannon, 50 connections, %d s)',
    seconds,
  );
  console.log(row(['server', 'requests/s', 'p99 ms', 'errors'], widths));
  console.log(
    row(
      [
        'bare Fastify hello-world',
        baseline.requestsPerSecond.toFixed(0),
        baseline.p99Ms,
        baseline.errors + baseline.non2xx,
      ],
      widths,
    ),
  );
  console.log(
    row(
      [
        'Teamshuffle GET /api/health',
        health.requestsPerSecond.toFixed(0),
        health.p99Ms,
        health.errors + health.non2xx,
      ],
      widths,
    ),
  );
  const ratio = health.requestsPerSecond / baseline.requestsPerSecond;
  console.log(
    `health / hello-world throughput ratio: ${(ratio * 100).toFixed(1)}%  (p99 ${health.p99Ms} ms vs ${baseline.p99Ms} ms)`,
  );
  return { baseline, health, ratio };
}
