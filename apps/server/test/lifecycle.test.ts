// The real process, as `npm start` runs it: start-up, restart on the same data, SIGTERM while a
// response is still streaming, SIGTERM while nobody reads its log, and a bad configuration value;
// and the bounded log destination that makes the log reader unable to hold the process.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogDestination } from '../src/logger.ts';
import { makeTempDir, writeWebFixture } from './helpers.ts';
import { freePort, type Running, start, waitFor, waitForHealth } from './process.ts';

/** GET /api/health over `agent` (keep-alive), reading the whole body; resolves the status. */
function getStatus(port: number, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/health', agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
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

/**
 * Resolves the exit code of `running`, or 'still running' if it has not exited `boundMs` after
 * the call: a bound that only a server that never exits by itself can miss.
 */
async function exitWithin(
  running: Running,
  boundMs: number,
): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      running.exited,
      new Promise<'still running'>((resolve) => {
        timer = setTimeout(() => resolve('still running'), boundMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// A grace period that a slow machine cannot outlast: these tests check that an in-flight response
// completes and the server closes cleanly and exits by itself, not how fast a machine is (a quiet
// one measured 5,081 ms against a fixed 5 s bound, issue 22). Exit code 0 with "closed cleanly"
// means the graceful path ended before the server's own forced exit at SHUTDOWN_TIMEOUT_MS.
const GRACE_MS = 30_000;
// Past the grace period: the forced exit fires then even if the graceful path stalls.
const EXIT_BOUND_MS = GRACE_MS + 15_000;

// Whole processes start PGlite from disk: slow on a busy machine, so these get more time.
describe('the server process', { timeout: 180_000 }, () => {
  const temp = makeTempDir();
  let webDir: string;
  const bigFile = randomBytes(8 * 1024 * 1024);

  beforeAll(() => {
    webDir = writeWebFixture(temp.dir);
    writeFileSync(path.join(webDir, 'big.bin'), bigFile);
  });
  afterAll(() => temp.remove());

  it('keeps its data across a restart, and finishes an in-flight response on SIGTERM', async () => {
    const dataDir = path.join(temp.dir, 'data');
    const env = async () => ({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      SHUTDOWN_TIMEOUT_MS: String(GRACE_MS),
    });

    const first = start(await env());
    await waitForHealth(first.port);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(await env());
    const health = await waitForHealth(second.port);
    expect(health.status).toBe('ok');

    // A client that reads slowly keeps the response in flight while the signal arrives.
    let responding: () => void = () => {};
    const started = new Promise<void>((resolve) => (responding = resolve));
    const download = new Promise<{ bytes: number; complete: boolean }>((resolve, reject) => {
      const request = http.get(`http://127.0.0.1:${second.port}/big.bin`, (response) => {
        responding();
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
    // The signal comes once the response has begun (not after a fixed time: a loaded machine);
    // a download that fails first fails the test here.
    await Promise.race([started, download]);
    second.child.kill('SIGTERM');
    const code = await exitWithin(second, EXIT_BOUND_MS);
    const result = await download;
    // Its last lines ("closed cleanly") can still be in the pipe when it has exited.
    if (code === 0) await second.outputDone;

    expect({ code, output: code === 0 ? '' : second.output() }).toEqual({ code: 0, output: '' });
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

  it('closes cleanly on SIGINT and then refuses new requests', async () => {
    const running = start({
      PORT: String(await freePort()),
      DATA_DIR: path.join(temp.dir, 'data2'),
      WEB_DIST_DIR: webDir,
      SHUTDOWN_TIMEOUT_MS: String(GRACE_MS),
    });
    await waitForHealth(running.port);
    running.child.kill('SIGINT');
    expect(await exitWithin(running, EXIT_BOUND_MS)).toBe(0);
    // Its last lines can still be in the pipe when it has exited (a slow machine, 2026-11-28).
    await running.outputDone;
    expect(running.output()).toContain('closed cleanly');
    await expect(fetch(`http://127.0.0.1:${running.port}/api/health`)).rejects.toThrow();
  });

  it('exits within its shutdown time-out while nobody reads its log any more', async () => {
    const shutdownTimeoutMs = 3000;
    const running = start(
      {
        PORT: String(await freePort()),
        DATA_DIR: path.join(temp.dir, 'data4'),
        WEB_DIST_DIR: webDir,
        SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
        // Thousands of requests from one address: the rate limit is not what this test is about.
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      { isStdoutRead: false },
    );
    const stdout = running.child.stdout;
    if (!stdout) throw new Error('stdout is not a pipe');
    try {
      await waitForHealth(running.port);

      // Every request logs two lines of about 300 bytes ("incoming request", "request completed"):
      // 4000 requests write over 2 MB, many times what the pipe and this side's paused stream
      // buffer hold together (a few hundred KiB), so the server's writes stall for good.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let i = 0; i < 500; i += 1) statuses.push(await getStatus(running.port, agent));
        }),
      );
      agent.destroy();
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(statuses).toHaveLength(4000);
      // This side stopped reading: its buffer is full and it no longer takes from the pipe.
      await waitFor(() => stdout.readableLength >= stdout.readableHighWaterMark);

      running.child.kill('SIGTERM');
      // The bound is the shutdown time-out plus 15 s: the forced exit fires after 3 s even if the
      // graceful path stalls, and the margin covers a busy 2-core machine scheduling the child's
      // timer and teardown late. A server stuck on its log never exits, so any bound separates.
      const exitBoundMs = shutdownTimeoutMs + 15_000;
      const code = await exitWithin(running, exitBoundMs);
      expect(code, `no exit ${exitBoundMs} ms after SIGTERM`).not.toBe('still running');
      // Normally 0, the log getting a bounded wait after a clean close; 1 if a loaded machine
      // makes closing outlast the time-out. Either way the server ended itself, not a signal.
      expect([0, 1]).toContain(code);

      // What did reach the pipe is still whole JSON lines; only the last may be cut at exit.
      stdout.resume();
      let logged = '';
      for await (const chunk of stdout) logged += String(chunk);
      const lines = logged.split('\n').slice(0, -1);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
      expect(logged).toContain('"msg":"request completed"');
    } finally {
      running.child.kill('SIGKILL');
    }
  });

  it('stops at start-up with one line naming a bad variable', async () => {
    const running = start({ PORT: 'not-a-port', DATA_DIR: path.join(temp.dir, 'data3') });
    expect(await running.exited).toBe(1);
    await running.outputDone;
    const lines = running.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});

describe('the log destination', () => {
  it('keeps at most its limit waiting for a stalled reader, then says how many lines it dropped', async () => {
    // A stdout whose reader stops: writes are taken but not completed until it resumes.
    const received: string[] = [];
    let held: (() => void)[] | undefined = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk.toString());
        if (held) held.push(callback);
        else callback();
      },
    });
    const limit = 10_000;
    const destination = createLogDestination(out, limit);
    const line = `${JSON.stringify({ level: 30, msg: 'x'.repeat(80) })}\n`;

    for (let i = 0; i < 1000; i += 1) destination.write(line);
    expect(out.writableLength).toBeLessThanOrEqual(limit);
    expect(await destination.flush(50)).toBe(false);

    const accepted = out.writableLength / line.length;
    const resume = held;
    held = undefined;
    for (const callback of resume) callback();
    expect(await destination.flush(10_000)).toBe(true);
    destination.write(line);
    await destination.flush(10_000);

    const lines = received.join('').split('\n').slice(0, -1);
    expect(lines).toHaveLength(accepted + 2);
    expect(JSON.parse(lines.at(-2) ?? '')).toMatchObject({
      level: 40,
      droppedLines: 1000 - accepted,
      msg: 'log lines dropped: the log reader fell behind',
    });
    expect(lines.at(-1)).toBe(line.trimEnd());
  });
});
