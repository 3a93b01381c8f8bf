// Issue 22: /api/health's latency alone and while 1,000-member balanced results are saved back to
// back (POST /api/results replays the balancing search to check the teams). The app runs in its
// own process (app-process.ts) on the embedded PGlite and, when one answers on
// BENCH_DATABASE_URL, on PostgreSQL. Standalone: `node bench/src/balanced-save.bench.ts`
// (BENCH_SECONDS per load run, default 10). Target: health's p99 during the saves at most 3x
// its p99 alone.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { ShuffleSnapshot } from '@teamshuffle/domain';
import { buildBalancedSnapshot } from '../../apps/server/test/factories.ts';
import { startAppProcess } from './app-process.ts';
import { balanceBenchMembers } from './balance.bench.ts';
import { verifiedAccount } from './bench-client.ts';
import { freshPostgres, row } from './harness.ts';

const MEMBERS = 1000;
const TEAMS = 10;
const CONNECTIONS = 10;

/** A 1,000-member result balanced by the engine, as the web app saves it (steps included). */
export function bigBalancedSnapshot(seed = 'big-save'): ShuffleSnapshot {
  const members = balanceBenchMembers(MEMBERS).map((member, i) => ({
    ...member,
    email: `member${i}@example.com`,
  }));
  return buildBalancedSnapshot({ members, teamCount: TEAMS, seed });
}

type Run = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  saves: number;
  saveMedianMs: number | null;
};

async function health(url: string, seconds: number) {
  return autocannon({ url: `${url}/api/health`, connections: CONNECTIONS, duration: seconds });
}

/** Health alone, then health while the user saves the big result back to back. */
async function measure(env: Record<string, string>, seconds: number): Promise<[Run, Run]> {
  const app = await startAppProcess(env);
  try {
    const cookie = await verifiedAccount(app.url, 'saver@example.com', 'Saver');
    const body = JSON.stringify({ title: 'x', snapshot: bigBalancedSnapshot() }).slice(
      '{"title":"x"'.length,
    );
    let count = 0;
    const save = async () => {
      const response = await fetch(`${app.url}/api/results`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url, cookie },
        body: `{"title":"Big ${count++}"${body}`,
      });
      if (response.status !== 201)
        throw new Error(`save: ${response.status} ${await response.text()}`);
    };
    // Warm-up: the JIT, the first saves and the health path.
    for (let i = 0; i < 3; i++) await save();
    await health(app.url, 2);

    const alone = await health(app.url, seconds);
    let isSaving = true;
    const saveMs: number[] = [];
    const saving = (async () => {
      while (isSaving) {
        const started = performance.now();
        await save();
        saveMs.push(performance.now() - started);
      }
    })();
    const during = await health(app.url, seconds);
    isSaving = false;
    await saving;
    const sorted = saveMs.sort((a, b) => a - b);
    const summary = (result: autocannon.Result, saves: number[]): Run => ({
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      errors: result.errors + result.non2xx,
      saves: saves.length,
      saveMedianMs: saves.length ? saves[saves.length >> 1]! : null,
    });
    return [summary(alone, []), summary(during, sorted)];
  } finally {
    await app.stop();
  }
}

/** Prints health alone and during the saves, on PGlite and (when it answers) PostgreSQL. */
export async function benchBalancedSave(seconds: number) {
  const widths = [12, 26, 10, 8, 8, 8, 8, 7, 12];
  const print = (database: string, name: string, run: Run) =>
    console.log(
      row(
        [
          database,
          name,
          run.requestsPerSecond.toFixed(0),
          run.p50Ms,
          run.p99Ms,
          run.maxMs,
          run.errors,
          run.saves,
          run.saveMedianMs === null ? '-' : run.saveMedianMs.toFixed(0),
        ],
        widths,
      ),
    );
  const databases: Array<[string, Record<string, string>, (() => Promise<void>) | undefined]> = [
    ['PGlite', {}, undefined],
  ];
  const postgres = process.env.BENCH_SKIP_POSTGRES ? undefined : await freshPostgres();
  if (postgres) databases.push(['PostgreSQL', { DATABASE_URL: postgres.url }, postgres.drop]);
  console.log(
    `\nGET /api/health alone and while ${MEMBERS}-member balanced results are saved back to back` +
      ` (autocannon, ${CONNECTIONS} connections, ${seconds} s; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')})`,
  );
  console.log(
    row(
      [
        'database',
        'health',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'errors',
        'saves',
        'save ms (p50)',
      ],
      widths,
    ),
  );
  for (const [database, env, drop] of databases) {
    try {
      const [alone, during] = await measure(env, seconds);
      print(database, 'alone', alone);
      print(database, 'during saves', during);
      const ratio = during.p99Ms / alone.p99Ms;
      console.log(
        `${database}: p99 during / alone = ${ratio.toFixed(2)}x ${ratio <= 3 ? 'PASS' : 'FAIL'} (target <= 3x)`,
      );
    } finally {
      await drop?.();
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
}

if (import.meta.main) await benchBalancedSave(Number(process.env.BENCH_SECONDS ?? 10));
