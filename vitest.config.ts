import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A test file per core. Vitest's default in a run is one fewer than the cores, which on a
    // 2-core machine (CI's) ran the files one at a time: 8-9 minutes of the CI run. The API test
    // files spend their time in the embedded database's work, not waiting.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'tools',
          include: ['tools/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          setupFiles: ['apps/web/src/lib/i18n/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          // The migrated database every test app starts from, made once per run.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
