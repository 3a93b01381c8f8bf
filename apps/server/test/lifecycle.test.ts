// The real process, as `npm start` runs it: start-up, restart on the same data, SIGTERM while a
// response is still streaming, and a bad configuration value.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeWebFixture } from './helpers.ts';

const mainFile = path.resolve(import.meta.dirname, '../src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Running = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
};

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [mainFile], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, port: Number(env.PORT), output: () => output, exited };
}

async function waitForHealth(port: number, timeoutMs = 60_000) {
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

async function readBootCount(dataDir: string): Promise<number> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  try {
    const result = await db.query<{ boot_count: number }>(
      'select boot_count from system_meta where id = 1',
    );
    return result.rows[0]?.boot_count ?? 0;
  } finally {
    await db.close();
  }
}

// Whole processes start PGlite from disk: slow on a busy machine, so these get more time.
describe('the server process', { timeout: 90_000 }, () => {
  const temp = makeTempDir();
  let webDir: string;
  const bigFile = randomBytes(8 * 1024 * 1024);

  beforeAll(() => {
    webDir = writeWebFixture(temp.dir);
    writeFileSync(path.join(webDir, 'big.bin'), bigFile);
  });
  afterAll(() => temp.remove());

  it('keeps its data across a restart, and finishes an in-flight response on SIGTERM within 5 s', async () => {
    const dataDir = path.join(temp.dir, 'data');
    const env = async () => ({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
    });

    const first = start(await env());
    await waitForHealth(first.port);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(await env());
    const health = await waitForHealth(second.port);
    expect(health.status).toBe('ok');

    // A client that reads slowly keeps the response in flight while the signal arrives.
    const download = new Promise<{ bytes: number; complete: boolean }>((resolve, reject) => {
      const request = http.get(`http://127.0.0.1:${second.port}/big.bin`, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          response.pause();
          setTimeout(() => response.resume(), 5);
        });
        response.on('end', () => resolve({ bytes, complete: response.complete }));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const signalledAt = Date.now();
    second.child.kill('SIGTERM');
    const code = await second.exited;
    const elapsed = Date.now() - signalledAt;
    const result = await download;

    expect({ code, output: code === 0 ? '' : second.output() }).toEqual({ code: 0, output: '' });
    expect(elapsed).toBeLessThan(5000);
    expect(result).toEqual({ bytes: bigFile.length, complete: true });
    // The download really was in flight: it completed after the signal was logged.
    const lines = second.output().split('\n');
    const signalLine = lines.findIndex((line) => line.includes('"msg":"shutting down"'));
    const downloadDone = lines.findLastIndex((line) => line.includes('"msg":"request completed"'));
    expect(signalLine).toBeGreaterThan(-1);
    expect(downloadDone).toBeGreaterThan(signalLine);
    expect(second.output()).toContain('closed cleanly');
    // The database is consistent after the signal: it opens and holds both starts.
    expect(await readBootCount(dataDir)).toBe(2);
  });

  it('refuses new requests once closing and still exits in time', async () => {
    const running = start({
      PORT: String(await freePort()),
      DATA_DIR: path.join(temp.dir, 'data2'),
      WEB_DIST_DIR: webDir,
    });
    await waitForHealth(running.port);
    const signalledAt = Date.now();
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    await expect(fetch(`http://127.0.0.1:${running.port}/api/health`)).rejects.toThrow();
  });

  it('stops at start-up with one line naming a bad variable', async () => {
    const running = start({ PORT: 'not-a-port', DATA_DIR: path.join(temp.dir, 'data3') });
    expect(await running.exited).toBe(1);
    const lines = running.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
