// GET /api/health (the whole app: helmet, rate limit, compression, a database round trip)
// against a bare Fastify hello-world, measured in the same run on the same machine. When a
// PostgreSQL server answers on BENCH_DATABASE_URL (default: the local one), the app is measured on
// it too, next to the embedded PGlite.
import path from 'node:path';
import {
  freshPostgres,
  type Load,
  load,
  repoRoot,
  row,
  startApp,
  startProcess,
} from './harness.ts';

async function measureApp(seconds: number, env: Record<string, string> = {}): Promise<Load> {
  const app = await startApp(env);
  try {
    return await load(`${app.url}/api/health`, seconds);
  } finally {
    await app.stop();
  }
}

export async function benchHealth(seconds: number) {
  const hello = await startProcess(path.join(repoRoot, 'bench/src/hello-server.ts'), {}, '/');
  let baseline: Load;
  try {
    baseline = await load(`${hello.url}/`, seconds);
  } finally {
    await hello.stop();
  }
  const health = await measureApp(seconds);
  const postgres = await freshPostgres();
  let onPostgres: Load | undefined;
  if (postgres) {
    try {
      onPostgres = await measureApp(seconds, { DATABASE_URL: postgres.url });
    } finally {
      await postgres.drop();
    }
  }

  const widths = [40, 14, 10, 8];
  const line = (name: string, result: Load) =>
    console.log(
      row(
        [name, result.requestsPerSecond.toFixed(0), result.p99Ms, result.errors + result.non2xx],
        widths,
      ),
    );
  console.log(
    '\nGET /api/health vs bare Fastify hello-world (autocannon, 50 connections, %d s)',
    seconds,
  );
  console.log(row(['server', 'requests/s', 'p99 ms', 'errors'], widths));
  line('bare Fastify hello-world', baseline);
  line('Teamshuffle GET /api/health (PGlite)', health);
  if (onPostgres) line('Teamshuffle GET /api/health (PostgreSQL)', onPostgres);
  const ratio = health.requestsPerSecond / baseline.requestsPerSecond;
  console.log(`health / hello-world throughput ratio (PGlite): ${(ratio * 100).toFixed(1)}%`);
  if (onPostgres) {
    const pgRatio = onPostgres.requestsPerSecond / baseline.requestsPerSecond;
    console.log(
      `health / hello-world throughput ratio (PostgreSQL): ${(pgRatio * 100).toFixed(1)}%`,
    );
  }
  return { baseline, health, onPostgres, ratio };
}
