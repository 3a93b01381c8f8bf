// The API integration tests against a real PostgreSQL server. Each test app creates its own
// database on that server and drops it afterwards.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
