// GET /api/health (the whole app: helmet, rate limit, compression, a database round trip)
// against a bare Fastify hello-world, measured in the same run on the same machine. When a
// PostgreSQL server answers on BENCH_DATABASE_URL (default: the local one), the app is measured on
// it too, next to the embedded PGlite.
import path from 'node:path';
import pg from 'pg';
import { type Load, load, repoRoot, row, startApp, startProcess } from './harness.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database on the PostgreSQL server, or undefined when none answers. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const name = `teamshuffle_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

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
