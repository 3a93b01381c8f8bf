// The API integration tests against a real PostgreSQL server. Each test app creates its own
// database on that server and drops it afterwards.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
// The process tests start the server on a data directory of their own (the embedded database),
// whatever the environment says: on this pass they would only run a second time, and they are
// the longest: the pass took 205 s with them (CI, 2026-11-23) and takes 152 s without.
const PROCESS_TESTS = [
  'apps/server/test/lifecycle.test.ts',
  'apps/server/test/upload-crash.test.ts',
  'apps/server/test/database-process-crash.test.ts',
];
// Files that do not touch the test database would only run a second time, unchanged: PGlite in a
// process of its own, the worker pool, a migration replayed on PGlite (40, 14 and 4 s).
const SAME_ON_BOTH = [
  'apps/server/src/db/pglite-process.test.ts',
  'apps/server/src/workers/cpu-pool.test.ts',
  'apps/server/src/modules/deadline-reminders/deadline-reminders.migration.test.ts',
];
// test/chaos.test.ts (issue 23: two instances, kill -9, ten rounds) needs PostgreSQL: skipped in
// `npm test`, which has no TEST_DATABASE_URL, it runs on this pass only (about 2 minutes).
const exclude = [...PROCESS_TESTS, ...SAME_ON_BOTH].flatMap((file) => ['--exclude', file]);
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server', ...exclude], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
