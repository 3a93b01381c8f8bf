import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Debian's Chromium (Playwright's own download cannot work here), and the flags it runs with. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type Server = { url: string; stop: () => Promise<void> };

/** Starts a server script in its own process (so it does not share a thread with the load). */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath: string,
): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The real app, as production runs it, on an embedded database in a temporary folder. */
export async function startApp(
  env: Record<string, string> = {},
): Promise<Server & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-'));
  const server = await startProcess(
    path.join(repoRoot, 'apps/server/src/main.ts'),
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-only-secret-bench-only-secret-0123',
      // The limiter still runs on every request (its cost is measured); it just never trips.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      ...env,
    },
    '/api/health',
  );
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Load = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

/** Runs autocannon against one URL: a short warm-up, then the measured run. */
export async function load(
  url: string,
  seconds: number,
  connections = 50,
  headers: Record<string, string> = {},
): Promise<Load> {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Prints a table row with a fixed width per column. */
export function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 12)).join(' ');
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database on the PostgreSQL server, or undefined when none answers. */
export async function freshPostgres(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
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
