// Helpers for whole-process tests: the real server, spawned with its own environment.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** `src/main.ts`, what `npm start` runs. */
export const mainFile = path.resolve(import.meta.dirname, '../src/main.ts');

/** A TCP port nobody listens on right now. */
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

export type Running = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /**
   * Once the process has exited and its output is all read (its stdio closed): its last log
   * lines can arrive after `exited`, so a test that reads them after the exit awaits this.
   */
  outputDone: Promise<void>;
};

/**
 * Spawns a server script (`main.ts` unless `script` says otherwise) with `env` on top of a test
 * environment; with `isStdoutRead: false` its stdout is a pipe that nobody reads.
 */
export function start(
  env: Record<string, string>,
  { isStdoutRead = true, script = mainFile } = {},
): Running {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  if (isStdoutRead) child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  else child.stdout?.pause();
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const outputDone = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, port: Number(env.PORT), output: () => output, exited, outputDone };
}

/** Waits until the server on `port` answers its health check. */
export async function waitForHealth(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return (await response.json()) as { status: string };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

/** Polls `condition` until it holds, failing after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
