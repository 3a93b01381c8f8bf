import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');

// Each run gets its own port and its own data directory. The runner sets these once; its
// workers inherit them, so every process agrees on the server's address.
process.env.E2E_PORT ||= String(40_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'teamshuffle-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const executablePath = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A long test (sign-up to profile, a leader's three uploads) on a loaded 2-core machine: the
  // signed-in pages start the app on the first interaction (decision 0011), so the first click
  // of a test waits for it (11.7 s once in CI, 2026-11-23).
  timeout: 60_000,
  // A condition waited for, not a fixed time: on a loaded 2-core machine a lazy chunk and its
  // render have taken 7 s after the session answered, and the app 16 s to start over a
  // prerendered page after the first click had fetched its scripts (CI, 2026-11-23).
  expect: { timeout: 30_000 },
  reporter: process.env.CI
    ? [['list']]
    : [
        ['list'],
        ['html', { open: 'never', outputFolder: path.join(repoRoot, 'playwright-report') }],
      ],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    // A failed test keeps its trace: each action's page (DOM snapshots), its calls and its
    // console, and the screenshot at the failure. Not the trace's screencast: its frames kept
    // Chromium's browser and GPU processes busy in every test (over a quarter of the CPU on this
    // 2-core machine); without them two specs took 1.9 min instead of 2.8 (2026-11-23).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CONTACT_EMAIL: 'e2e-contact@teamshuffle.example',
      RATE_LIMIT_PER_MINUTE: '10000',
      // Every spec signs up and signs in its own accounts from this one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // The account the notification tests post system announcements with.
      ADMIN_EMAILS: 'e2e-admin@teamshuffle.example',
      // The specs check the server-rendered pages: each is waited for as long as its render takes
      // (production: 2 s, then the app), so a slow machine does not turn one into the app shell.
      SERVER_RENDER_TIME_LIMIT_MS: '60000',
      // A build of one's own (vite build --outDir ...), so that runs side by side do not share one.
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  },
});
