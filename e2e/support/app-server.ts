import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// An app server of a spec's own (apps/server/src/main.ts in its own process), for what the shared
// webServer of playwright.config.ts cannot do: real mail through an SMTP server the spec runs.
// The same environment as the shared one (NODE_ENV=test, its own port and data folder, limits
// that never trip, the run's own build if E2E_WEB_DIST_DIR says so), plus the caller's.

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type AppServer = {
  /** The server's origin, also its PUBLIC_URL (the links its mails hold). */
  url: string;
  /** Stops the process (SIGTERM, then SIGKILL if it hangs) and removes its data folder. */
  stop: () => Promise<void>;
};

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

/**
 * Starts the app and waits until GET /api/health answers (a condition, no fixed sleep); a
 * process that exits first or does not answer within `startTimeoutMs` is stopped and reported.
 */
export async function startAppServer(
  env: Record<string, string>,
  { startTimeoutMs = 90_000 }: { startTimeoutMs?: number } = {},
): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-e2e-own-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The test worker runs on the repository's Node (24), which runs the server's TypeScript.
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CONTACT_EMAIL: 'e2e-contact@teamshuffle.example',
      RATE_LIMIT_PER_MINUTE: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ADMIN_EMAILS: 'e2e-admin@teamshuffle.example',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (isRunning()) {
      child.kill('SIGTERM');
      // The server's own shutdown is bounded; a process that still hangs is killed.
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (!isRunning() || Date.now() > deadline) {
      const why = isRunning() ? `no answer within ${startTimeoutMs} ms` : 'the process exited';
      await stop();
      throw new Error(`the app server did not start: ${why}`);
    }
    // A poll interval, not a wait for something to happen.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
