// The real app (apps/server/src/main.ts) in a process of its own whose memory the bench reads from
// /proc/<pid>/status (Linux), as files.bench.ts does: NODE_ENV=test for the dev outbox on
// loopback, everything else as production runs it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_SECRET, sleep } from './bench-client.ts';
import { freePort, repoRoot } from './harness.ts';

export type AppProcess = {
  url: string;
  pid: number;
  /** The V8 heap in use after a full collection (the probe; see `heapAfterGc`), MB. */
  heapAfterGc: () => Promise<number | undefined>;
  stop: () => Promise<void>;
};

// Loaded with --import when asked (and --expose-gc): on SIGUSR2 the server collects garbage in
// full and writes its heap in use to HEAP_PROBE_FILE, so the bench can tell live objects from
// the garbage RSS also holds. A signal, so the probe does nothing until asked.
const heapProbe = `data:text/javascript,${encodeURIComponent(`
import { renameSync, writeFileSync } from 'node:fs';
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const file = process.env.HEAP_PROBE_FILE;
  writeFileSync(file + '.part', String(process.memoryUsage().heapUsed));
  renameSync(file + '.part', file);
});
`)}`;

/** Starts the app in its own process on a fresh data folder; `stop` ends it and removes the folder. */
export async function startAppProcess(
  env: Record<string, string>,
  options: { heapProbe?: boolean } = {},
): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-app-'));
  const probeFile = path.join(dataDir, 'heap-probe');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    ...(options.heapProbe ? ['--expose-gc', '--import', heapProbe] : []),
    ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child: ChildProcess = spawn(
    process.execPath,
    [...args, path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        // test: the dev outbox answers on loopback, for sign-up; the app is otherwise production's.
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_SECRET,
        // The limiters still run on every request (their cost is measured); they just never trip.
        RATE_LIMIT_PER_MINUTE: '1000000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        HEAP_PROBE_FILE: probeFile,
        // PGLITE_PROCESS=false measures the embedded database on the event loop (0033, 0037).
        ...(process.env.PGLITE_PROCESS ? { PGLITE_PROCESS: process.env.PGLITE_PROCESS } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('the app did not start');
    }
    await sleep(100);
  }
  if (child.pid === undefined) throw new Error('the app has no pid');
  const heapAfterGc = async () => {
    if (!options.heapProbe) return undefined;
    await rm(probeFile, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(probeFile); i++) await sleep(50);
    return existsSync(probeFile) ? Number(readFileSync(probeFile, 'utf8')) / 2 ** 20 : undefined;
  };
  return { url, pid: child.pid, heapAfterGc, stop };
}

/**
 * The process and its children: the app runs its embedded database in a child process
 * (decision 0033), whose CPU and memory are the server's as much as its own.
 */
export function processTree(pid: number): number[] {
  const ids = [pid];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return ids;
  }
  for (const task of tasks) {
    try {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (children) ids.push(...children.split(' ').map(Number));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ids;
}

/** VmRSS and VmHWM of a live process with its children's, MB. */
export function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  let rssMb = 0;
  let hwmMb = 0;
  for (const id of processTree(pid)) {
    let text: string;
    try {
      text = readFileSync(`/proc/${id}/status`, 'utf8');
    } catch {
      if (id === pid) throw new Error(`/proc/${pid}/status could not be read`);
      continue; // a child that ended meanwhile
    }
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
    rssMb += kb('VmRSS') / 1024;
    hwmMb += kb('VmHWM') / 1024;
  }
  return { rssMb, hwmMb };
}

/** Waits until the process's RSS stays within 1 MB for 3 s (at most `maxMs`); returns it. */
export async function settledRss(pid: number, maxMs = 30_000): Promise<number> {
  let last = memoryOf(pid).rssMb;
  let steady = 0;
  for (const deadline = Date.now() + maxMs; Date.now() < deadline && steady < 6;) {
    await sleep(500);
    const now = memoryOf(pid).rssMb;
    steady = Math.abs(now - last) < 1 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * Resets the VmHWM of the process and its children to their current RSS (Linux 4.0+: "5" to
 * clear_refs); false if refused.
 */
export function resetPeak(pid: number): boolean {
  try {
    for (const id of processTree(pid)) writeFileSync(`/proc/${id}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export type Sampled<T> = {
  result: T;
  ms: number;
  baselineMb: number;
  peakMb: number;
  /** VmHWM at the end (reset before, when the kernel allowed it). */
  hwmMb: number;
  isPeakReset: boolean;
  samples: number;
  /** The process's CPU time (user + system) during `work`, ms. */
  cpuMs: number;
};

/** Runs `work` while reading the process's VmRSS every `everyMs`, from a settled baseline. */
export async function sampleRss<T>(
  pid: number,
  work: () => Promise<T>,
  everyMs = 20,
): Promise<Sampled<T>> {
  const baselineMb = await settledRss(pid);
  const isPeakReset = resetPeak(pid);
  let peakMb = baselineMb;
  let samples = 0;
  const timer = setInterval(() => {
    const rss = memoryOf(pid).rssMb;
    samples += 1;
    if (rss > peakMb) peakMb = rss;
  }, everyMs);
  try {
    const cpuBefore = cpuMsOf(pid);
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    const cpuMs = cpuMsOf(pid) - cpuBefore;
    const end = memoryOf(pid);
    peakMb = Math.max(peakMb, end.rssMb);
    return { result, ms, baselineMb, peakMb, hwmMb: end.hwmMb, isPeakReset, samples, cpuMs };
  } finally {
    clearInterval(timer);
  }
}

/** Whether /proc/<pid>/status can be read here (Linux). */
export function hasProcStatus(): boolean {
  return existsSync('/proc/self/status');
}

// USER_HZ, the unit of /proc/<pid>/stat's CPU times: 100 on every Linux architecture Node runs on.
const CLOCK_TICKS = 100;

/** The process's CPU time (user + system) with its children's, ms, from /proc/<pid>/stat. */
export function cpuMsOf(pid: number): number {
  let ms = 0;
  for (const id of processTree(pid)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${id}/stat`, 'utf8');
    } catch (error) {
      if (id === pid) throw error;
      continue; // a child that ended meanwhile
    }
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  }
  return ms;
}

/**
 * Waits until the process uses under a tenth of a core over half a second (at most `maxMs`), so
 * that requests a load run abandoned (autocannon stops; the server still answers what it
 * queued) do not eat into the next run. Returns how long it waited, ms.
 */
export async function waitIdle(pid: number, maxMs = 60_000): Promise<number> {
  const started = performance.now();
  let last = cpuMsOf(pid);
  for (const deadline = Date.now() + maxMs; Date.now() < deadline;) {
    await sleep(500);
    const now = cpuMsOf(pid);
    if (now - last < 50) break;
    last = now;
  }
  return performance.now() - started;
}
