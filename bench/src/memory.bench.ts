// Idle memory (issue 9; target: an idle server on the embedded database under 200 MB resident).
// Each process is started on its own, left to settle, asked a few health checks, left idle, and
// read from /proc/<pid>/status (Linux only). Against, in the same run: a bare Fastify
// hello-world (the floor of any Node server here) and PGlite alone, with PostgreSQL's default
// buffer pool and with the app's, so the share of the embedded database is measured, not guessed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGLITE_SHARED_BUFFERS } from '../../apps/server/src/plugins/database.ts';
import { processTree } from './app-process.ts';
import { freePort, freshPostgres, load, repoRoot, row } from './harness.ts';

const SETTLE_SECONDS = Number(process.env.MEMORY_SETTLE_SECONDS ?? 15);
const IDLE_SECONDS = 5;
const LOAD_SECONDS = 3;

type Status = { rssMb: number; anonMb: number; fileMb: number; peakMb: number };
type V8Heap = { heapTotalMb: number; newSpaceMb: number };

/**
 * VmRSS (= RssAnon + RssFile + RssShmem) and the peak, VmHWM, of a live process with its
 * children's: the app's embedded database runs in a child process (decision 0033).
 */
function statusOf(pid: number): Status {
  const total: Status = { rssMb: 0, anonMb: 0, fileMb: 0, peakMb: 0 };
  for (const id of processTree(pid)) {
    const text = readFileSync(`/proc/${id}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
    total.rssMb += kb('VmRSS') / 1024;
    total.anonMb += kb('RssAnon') / 1024;
    total.fileMb += kb('RssFile') / 1024;
    total.peakMb += kb('VmHWM') / 1024;
  }
  return total;
}

// Loaded with --import into every measured process: on SIGUSR2 it writes the V8 heap's size to
// MEMORY_PROBE_FILE. A signal rather than a timer, so that the probe does not make the process
// any less idle than it is. The young generation is reported apart because it is the part that
// grows during start-up and stays grown.
const probe = `data:text/javascript,${encodeURIComponent(`
import { renameSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
process.on('SIGUSR2', () => {
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  const file = process.env.MEMORY_PROBE_FILE;
  writeFileSync(file + '.part', JSON.stringify({
    heapTotal: process.memoryUsage().heapTotal,
    newSpace: newSpace ? newSpace.space_size : 0,
  }));
  renameSync(file + '.part', file);
});
`)}`;

async function v8HeapOf(child: ChildProcess, probeFile: string): Promise<V8Heap | undefined> {
  rmSync(probeFile, { force: true });
  child.kill('SIGUSR2');
  // The probe renames a complete file into place, so the file is whole once it exists.
  for (let i = 0; i < 50 && !existsSync(probeFile); i++) await sleep(0.1);
  if (!existsSync(probeFile)) return undefined;
  const read = JSON.parse(readFileSync(probeFile, 'utf8')) as {
    heapTotal: number;
    newSpace: number;
  };
  return { heapTotalMb: read.heapTotal / 2 ** 20, newSpaceMb: read.newSpace / 2 ** 20 };
}

function sleep(seconds: number) {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

// The process-level memory knobs (docs/performance.md, "Idle memory"), handed to every measured
// process when set, so that their effect can be measured with the same bench, e.g.
// `NODE_OPTIONS=--max-semi-space-size=2 npm run bench -- memory`.
const passedThrough = Object.fromEntries(
  (['NODE_OPTIONS', 'GLIBC_TUNABLES'] as const).flatMap((name) => {
    const value = process.env[name];
    return value ? [[name, value]] : [];
  }),
);

type Measured = { child: ChildProcess; url: string; probeFile: string; stop: () => Promise<void> };

/** Starts a process with the probe and waits until `readyPath` answers, or until it prints "ready". */
async function startMeasured(
  args: string[],
  env: Record<string, string>,
  readyPath: string | undefined,
  cwd = repoRoot,
): Promise<Measured> {
  const port = await freePort();
  const probeFile = path.join(mkdtempSync(path.join(tmpdir(), 'teamshuffle-probe-')), 'heap.json');
  const child = spawn(process.execPath, [`--import=${probe}`, ...args], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      ...passedThrough,
      ...env,
      PORT: String(port),
      MEMORY_PROBE_FILE: probeFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let printedReady = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('ready')) printedReady = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (readyPath === undefined) {
      if (printedReady) break;
    } else {
      try {
        if ((await fetch(url + readyPath)).ok) break;
      } catch {
        // not yet listening
      }
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited during start-up`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not start`);
    }
    await sleep(0.1);
  }
  return {
    child,
    url,
    probeFile,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(path.dirname(probeFile), { recursive: true, force: true });
    },
  };
}

type Reading = Status & Partial<V8Heap>;

/** Settles, asks `pingPath` a few times (when given), idles, then reads the process. */
async function idleReading(measured: Measured, pingPath: string | undefined): Promise<Reading> {
  await sleep(SETTLE_SECONDS);
  if (pingPath !== undefined) {
    for (let i = 0; i < 5; i++) await (await fetch(measured.url + pingPath)).arrayBuffer();
  }
  await sleep(IDLE_SECONDS);
  const pid = measured.child.pid;
  if (pid === undefined) throw new Error('the measured process has no pid');
  return { ...statusOf(pid), ...(await v8HeapOf(measured.child, measured.probeFile)) };
}

/** After a short load on `pingPath`: what the first real traffic adds, and whether it stays. */
async function afterLoadReading(measured: Measured, pingPath: string): Promise<Reading> {
  await load(measured.url + pingPath, LOAD_SECONDS, 10);
  await sleep(IDLE_SECONDS);
  const pid = measured.child.pid;
  if (pid === undefined) throw new Error('the measured process has no pid');
  return { ...statusOf(pid), ...(await v8HeapOf(measured.child, measured.probeFile)) };
}

const widths = [66, 6, 6, 6, 6, 8, 8];
const mb = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(0));

function printReading(label: string, reading: Reading) {
  console.log(
    row(
      [
        label,
        mb(reading.rssMb),
        mb(reading.anonMb),
        mb(reading.fileMb),
        mb(reading.peakMb),
        mb(reading.heapTotalMb),
        mb(reading.newSpaceMb),
      ],
      widths,
    ),
  );
}

const appEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  AUTH_SECRET: 'bench-only-secret-bench-only-secret-0123',
  // The limiter still runs on every request; it just never answers 429 during the short load.
  RATE_LIMIT_PER_MINUTE: '1000000000',
};
const mainFile = path.join(repoRoot, 'apps/server/src/main.ts');

// PGlite opened as the app opens it (or with PostgreSQL's defaults), one statement, then nothing.
// Run from apps/server so that the package resolves as it does for the app.
const pgliteAlone = `
import { PGlite } from '@electric-sql/pglite';
const [dataDir, sharedBuffers] = process.argv.slice(1);
const startParams = sharedBuffers === 'default'
  ? undefined
  : [...PGlite.defaultStartParams, '-c', 'shared_buffers=' + sharedBuffers];
const db = await PGlite.create({ dataDir, startParams });
await db.exec('select 1');
process.stdout.write('ready\\n');
const keepAlive = setInterval(() => {}, 2 ** 30);
process.once('SIGTERM', () => { clearInterval(keepAlive); void db.close().then(() => process.exit(0)); });
`;

async function measurePgliteAlone(dataDir: string, sharedBuffers: string): Promise<Reading> {
  const measured = await startMeasured(
    ['--input-type=module', '-e', pgliteAlone, dataDir, sharedBuffers],
    {},
    undefined,
    path.join(repoRoot, 'apps/server'),
  );
  try {
    return await idleReading(measured, undefined);
  } finally {
    await measured.stop();
  }
}

/** The app on `env`'s database: idle after start-up, then idle after a short load. */
async function measureApp(label: string, env: Record<string, string>) {
  const measured = await startMeasured([mainFile], { ...appEnv, ...env }, '/api/health');
  try {
    printReading(`${label}, idle`, await idleReading(measured, '/api/health'));
    printReading(
      `${label}, idle after ${LOAD_SECONDS} s of load`,
      await afterLoadReading(measured, '/api/health'),
    );
  } finally {
    await measured.stop();
  }
}

export async function benchMemory() {
  if (!existsSync('/proc/self/status')) {
    console.log('\nidle memory: skipped (reads /proc/<pid>/status, Linux only)');
    return;
  }
  console.log(
    `\nIdle memory, MB (settle ${SETTLE_SECONDS} s, 5 health checks, idle ${IDLE_SECONDS} s; ` +
      'peak = VmHWM since start; V8 = heap total / young generation)',
  );
  for (const [name, value] of Object.entries(passedThrough)) console.log(`with ${name}=${value}`);
  console.log(row(['process', 'RSS', 'anon', 'file', 'peak', 'V8 heap', 'V8 young'], widths));

  const hello = await startMeasured([path.join(repoRoot, 'bench/src/hello-server.ts')], {}, '/');
  try {
    printReading('bare Fastify hello-world', await idleReading(hello, '/'));
  } finally {
    await hello.stop();
  }

  const aloneDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-'));
  try {
    // The first open runs initdb; both readings below reopen the same, existing database.
    await (
      await startMeasured(
        ['--input-type=module', '-e', pgliteAlone, path.join(aloneDir, 'db'), 'default'],
        {},
        undefined,
        path.join(repoRoot, 'apps/server'),
      )
    ).stop();
    printReading(
      'PGlite alone, PostgreSQL default (shared_buffers 128MB)',
      await measurePgliteAlone(path.join(aloneDir, 'db'), 'default'),
    );
    printReading(
      `PGlite alone, the app's (shared_buffers ${PGLITE_SHARED_BUFFERS})`,
      await measurePgliteAlone(path.join(aloneDir, 'db'), PGLITE_SHARED_BUFFERS),
    );
  } finally {
    rmSync(aloneDir, { recursive: true, force: true });
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-'));
  try {
    await measureApp('app on PGlite, first start (initdb)', { DATA_DIR: dataDir });
    await measureApp('app on PGlite, restart on the same data', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await freshPostgres();
  if (!postgres) {
    console.log('app on PostgreSQL: skipped (no server at BENCH_DATABASE_URL)');
    return;
  }
  const emptyDataDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-'));
  try {
    await measureApp('app on PostgreSQL (DATABASE_URL)', {
      DATA_DIR: emptyDataDir,
      DATABASE_URL: postgres.url,
    });
  } finally {
    await postgres.drop();
    rmSync(emptyDataDir, { recursive: true, force: true });
  }
}
