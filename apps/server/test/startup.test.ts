// Start-up has no fixed deadline (issue 22): on a loaded machine PGlite's initdb outlasted
// Fastify's default 10 s plugin time-out and the server never started ("Plugin did not start in
// time: 'database'"). Here initdb is held for a minute of a fake clock, the clock that Fastify's
// deadline reads, so the test proves the deadline gone without waiting for it, whatever the
// machine's speed.
import { randomBytes } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { OPEN_PROGRESS_EVERY_MS, type OpenStage } from '../src/plugins/database.ts';
import { makeTempDir, writeWebFixture } from './helpers.ts';

const temp = makeTempDir();
afterEach(() => {
  vi.useRealTimers();
  temp.remove();
});

it("serves after an initdb that outlasts Fastify's 10 s plugin time-out, logging its progress", async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: temp.dir,
    DATABASE_URL: 'memory://',
    WEB_DIST_DIR: writeWebFixture(temp.dir),
    AUTH_SECRET: randomBytes(24).toString('hex'),
  });
  const logged: { msg: string; stage?: string; seconds?: number }[] = [];
  const logStream = { write: (line: string) => void logged.push(JSON.parse(line)) };
  const messages = () => logged.map((line) => line.msg);

  // Timers and the date only: the database's own work, once let go, runs as ever.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  const stages: OpenStage[] = [];
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let reached = () => {};
  const atInitdb = new Promise<void>((resolve) => (reached = resolve));
  const building = buildApp(config, {
    logStream,
    delayDatabaseOpen: async (stage) => {
      stages.push(stage);
      if (stage !== 'initdb') return;
      reached();
      await held;
    },
  });
  let failure: unknown;
  building.catch((error: unknown) => (failure = error));

  await atInitdb;
  await vi.advanceTimersByTimeAsync(60_000);
  // Before: "Plugin did not start in time: 'database'" once the clock passed 10 s.
  expect(failure).toBeUndefined();
  const progress = logged.filter((line) => line.msg.startsWith('still opening the database'));
  expect(progress.map((line) => line.seconds)).toEqual(
    Array.from({ length: 60_000 / OPEN_PROGRESS_EVERY_MS }, (_, i) =>
      Math.round(((i + 1) * OPEN_PROGRESS_EVERY_MS) / 1000),
    ),
  );
  expect(progress.every((line) => line.stage === 'initdb')).toBe(true);
  expect(messages()).toContain(
    'creating a new database (initdb); on a slow machine this can take a minute',
  );

  letGo();
  const app = await building;
  try {
    await app.ready();
    expect(stages).toEqual(['initdb', 'migrations']);
    expect(messages()).toContain('database opened');
    // Done: no more progress lines, however long the server runs.
    const before = logged.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(
      logged.slice(before).filter((line) => line.msg.startsWith('still opening the database')),
    ).toEqual([]);
    vi.useRealTimers();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  } finally {
    vi.useRealTimers();
    await app.close();
  }
});
