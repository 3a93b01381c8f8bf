// What the benches that count a request's SQL statements share: PGlite's client calls recorded
// while one request runs, each call described for the report, and the median of sequential runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { AUTH_SECRET } from './bench-client.ts';
import { freePort } from './harness.ts';

/** One call of the PGlite client: `query`, `exec` or `transaction`, with its text and values. */
export type Counted = { method: string; text: string; values: number; args: unknown[] };

type PgliteClient = Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => unknown>;
const METHODS = ['query', 'exec', 'transaction'] as const;

/** The PGlite client under the app's database (the app must run on `memory://` or a directory). */
export function pgliteClient(app: FastifyInstance): PgliteClient {
  return (app.db as unknown as { $client: PgliteClient }).$client;
}

/** Runs `run` with every call of the client recorded, then puts the client back as it was. */
export async function recordStatements<T>(
  client: PgliteClient,
  run: () => Promise<T>,
): Promise<{ calls: Counted[]; result: T }> {
  const calls: Counted[] = [];
  const originals = {} as PgliteClient;
  for (const method of METHODS) {
    const original = client[method];
    originals[method] = original;
    client[method] = (...args: unknown[]) => {
      calls.push({
        method,
        text: typeof args[0] === 'string' ? args[0] : `(${typeof args[0]})`,
        values: Array.isArray(args[1]) ? args[1].length : 0,
        args,
      });
      return original.apply(client, args);
    };
  }
  try {
    return { calls, result: await run() };
  } finally {
    for (const method of METHODS) client[method] = originals[method];
  }
}

/** A call as the report shows it: an EXECUTE's values left out (they hold the session token). */
export function describeStatement(call: Counted): string {
  const execute = /^execute (\w+)/i.exec(call.text.trim());
  if (execute) return `${execute[0]} (…)  [prepared statement, ${call.method}]`;
  const lines = call.text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const head = lines.slice(0, 2).join(' ');
  return `${head.length > 120 ? `${head.slice(0, 120)}…` : head}  [${call.method}, ${call.values} parameters, ${lines.length} lines]`;
}

/** Median milliseconds of `runs` sequential calls of `call` (after `before`, not timed). */
export async function medianMs(
  runs: number,
  call: () => Promise<unknown>,
  before?: () => Promise<unknown>,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * The real app in this process on an in-memory PGlite database, listening on loopback (so the
 * benches can build their data through HTTP as a browser would), for counting statements.
 */
export async function inProcessApp(): Promise<{
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      AUTH_SECRET,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    }),
  );
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
