// Upload and download of a 100 MB file (issue 10), against a plain `cp` of the same file on the
// same disk in the same run, with the server's memory growth during each transfer (target: under
// 64 MB). The server is the real app plus the file probe routes (apps/server/test/file-probe.ts)
// in its own process, on disk storage and on S3 storage (s3rver on loopback, in this process).
// Linux only: the server's memory is read from /proc/<pid>/status.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startS3 } from '../../apps/server/test/s3.ts';
import { cpuMsOf, memoryOf, resetPeak } from './app-process.ts';
import { freePort, repoRoot, row } from './harness.ts';
import { cpuPressure } from './pressure.ts';
import { signedInOwner } from './workspace.bench.ts';

const MB = 2 ** 20;
const FILE_BYTES = 100 * MB;
const RUNS = Number(process.env.FILES_RUNS ?? 3);
const SAMPLE_MS = 20;
const TARGET_GROWTH_MB = 64;
// What file-type needs to see a PDF; the rest of the file is random (incompressible) bytes.
const PDF_HEAD = Buffer.from(
  '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
  'latin1',
);

const probeServer = path.join(repoRoot, 'apps/server/test/fixtures/file-probe-server.ts');

/** VmRSS every SAMPLE_MS while a transfer runs, and VmHWM (reset before it) at its end. */
async function measured<T>(pid: number, transfer: () => Promise<T>) {
  const baseline = await settle(pid);
  const isPeakReset = resetPeak(pid);
  let peak = baseline;
  let samples = 0;
  const timer = setInterval(() => {
    const rss = memoryOf(pid).rssMb;
    samples += 1;
    if (rss > peak) peak = rss;
  }, SAMPLE_MS);
  try {
    const cpuBefore = cpuMsOf(pid);
    const benchBefore = process.cpuUsage();
    const started = performance.now();
    const result = await transfer();
    const ms = performance.now() - started;
    const cpuMs = cpuMsOf(pid) - cpuBefore;
    const benchUsage = process.cpuUsage(benchBefore);
    const benchCpuMs = (benchUsage.user + benchUsage.system) / 1000;
    const end = memoryOf(pid);
    peak = Math.max(peak, end.rssMb);
    return { result, ms, cpuMs, benchCpuMs, baseline, peak, samples, hwm: end.hwmMb, isPeakReset };
  } finally {
    clearInterval(timer);
  }
}

/** Waits until the process's RSS stays within 1 MB for 3 s (at most 30 s); returns it. */
async function settle(pid: number): Promise<number> {
  let last = memoryOf(pid).rssMb;
  let steady = 0;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline && steady < 6;) {
    await sleep(500);
    const now = memoryOf(pid).rssMb;
    steady = Math.abs(now - last) < 1 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes FILE_BYTES of PDF head and random bytes to `file`, fsynced; returns its SHA-256. */
async function makeTestFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  async function* chunks() {
    let left = FILE_BYTES;
    let first = true;
    while (left > 0) {
      const size = Math.min(MB, left);
      const chunk = randomBytes(size);
      if (first) PDF_HEAD.copy(chunk);
      first = false;
      hash.update(chunk);
      left -= size;
      yield chunk;
    }
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
  const handle = await open(file, 'r+');
  await handle.sync();
  await handle.close();
  return hash.digest('hex');
}

/** `cp` then `sync <copy>` (coreutils: fsyncs that file), both processes' start included. */
async function timeCp(source: string, target: string): Promise<number> {
  await rm(target, { force: true });
  const started = performance.now();
  const done = spawnSync('sh', ['-c', 'cp "$1" "$2" && sync "$2"', 'sh', source, target]);
  const ms = performance.now() - started;
  if (done.status !== 0) throw new Error(`cp failed: ${done.stderr.toString()}`);
  await rm(target, { force: true });
  return ms;
}

/** Reads the file and hashes it in this process: the floor of the download's client side. */
async function timeRead(source: string): Promise<number> {
  const hash = createHash('sha256');
  const started = performance.now();
  for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
  hash.digest('hex');
  return performance.now() - started;
}

type Uploaded = { id: string; name: string; size: number };

/**
 * A multipart/form-data POST streamed from the file (preamble, the file's bytes, epilogue) with
 * its Content-Length, as a browser sends a FormData upload; the answer's body once it is 201.
 */
async function upload(
  target: string,
  headers: Record<string, string>,
  file: string,
  size: number,
  name: string,
): Promise<string> {
  const boundary = `----teamshufflebench${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(target, {
    method: 'POST',
    agent: false,
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(preamble.length + size + epilogue.length),
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  async function* body() {
    yield preamble;
    yield* createReadStream(file);
    yield epilogue;
  }
  const sent = pipeline(Readable.from(body()), request).catch((error: unknown) => error);
  const response = await answered;
  let text = '';
  for await (const chunk of response) text += (chunk as Buffer).toString();
  await sent;
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${text}`);
  return text;
}

/** The app's probe route: POST /api/test/files as a signed-in user; the stored file. */
async function uploadToApp(url: string, cookie: string, file: string, size: number, name: string) {
  const text = await upload(`${url}/api/test/files`, { origin: url, cookie }, file, size, name);
  const [stored] = (JSON.parse(text) as { files: Uploaded[] }).files;
  if (!stored || stored.size !== size) throw new Error(`upload stored ${stored?.size} bytes`);
  return stored;
}

/** A GET hashed on the way to nowhere; checks the size and SHA-256 of what came. */
async function download(
  target: string,
  headers: Record<string, string>,
  size: number,
  sha256: string,
) {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(target, { agent: false, headers }, resolve).once('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`download failed: ${response.statusCode}`);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of response) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  const digest = hash.digest('hex');
  if (bytes !== size || digest !== sha256) {
    throw new Error(`download differs: ${bytes} bytes, sha256 ${digest}`);
  }
}

type Spawned = { url: string; pid: number; stop: () => Promise<void> };

/** A server script in its own process, once `readyPath` answers; `stop` also removes `dataDir`. */
async function startServer(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  dataDir: string,
): Promise<Spawned> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not start`);
    }
    await sleep(100);
  }
  if (child.pid === undefined) throw new Error(`${script} has no pid`);
  return { url, pid: child.pid, stop };
}

function startProbeServer(env: Record<string, string>): Promise<Spawned> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-files-'));
  return startServer(
    probeServer,
    {
      // test: the dev outbox answers on loopback, for sign-up; the app is otherwise production's.
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STORAGE_QUOTA_MB: '1000',
      PROBE_MAX_FILE_BYTES: '110000000',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-only-secret-bench-only-secret-0123',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    '/api/health',
    dataDir,
  );
}

type Transfer = {
  ms: number;
  /** The server's CPU time during the transfer. */
  cpuMs: number;
  /** This process's (the client's, and s3rver's on S3) CPU time during the transfer. */
  benchCpuMs: number;
  baseline: number;
  peak: number;
  hwm: number;
  samples: number;
  isPeakReset: boolean;
};
type StorageResult = {
  label: string;
  uploads: Transfer[];
  downloads: Transfer[];
  startRss: number;
};

/** RUNS uploads and downloads, each measured; `warmUp` first, so none pays for first use. */
async function transfers(
  server: Spawned,
  label: string,
  warmUp: () => Promise<void>,
  up: (run: number) => Promise<string | undefined>,
  down: (uploaded: string | undefined) => Promise<void>,
): Promise<StorageResult> {
  await warmUp();
  const startRss = await settle(server.pid);
  const uploads: Transfer[] = [];
  const downloads: Transfer[] = [];
  for (let run = 0; run < RUNS; run++) {
    const sent = await measured(server.pid, () => up(run));
    uploads.push(sent);
    downloads.push(await measured(server.pid, () => down(sent.result)));
  }
  return { label, uploads, downloads, startRss };
}

async function measureStorage(
  label: string,
  env: Record<string, string>,
  file: string,
  sha256: string,
): Promise<StorageResult> {
  const server = await startProbeServer(env);
  try {
    const cookie = await signedInOwner(server.url);
    const fileUrl = (id: string | undefined) => `${server.url}/api/files/${id}`;
    return await transfers(
      server,
      label,
      async () => {
        const small = path.join(path.dirname(file), 'warm-up.pdf');
        const smallBytes = Buffer.concat([PDF_HEAD, randomBytes(64 * 1024)]);
        await writeFile(small, smallBytes);
        const warm = await uploadToApp(server.url, cookie, small, smallBytes.length, 'warm.pdf');
        const smallSha = createHash('sha256').update(smallBytes).digest('hex');
        await download(fileUrl(warm.id), { cookie }, smallBytes.length, smallSha);
      },
      async (run) =>
        (await uploadToApp(server.url, cookie, file, FILE_BYTES, `lecture-${run + 1}.pdf`)).id,
      (id) => download(fileUrl(id), { cookie }, FILE_BYTES, sha256),
    );
  } finally {
    await server.stop();
  }
}

/** The same transfers against bare Node streams (stream-server.ts), on the same disk. */
async function measureFloor(file: string, sha256: string): Promise<StorageResult> {
  const dir = mkdtempSync(path.join(path.dirname(file), 'floor-'));
  const server = await startServer(
    path.join(repoRoot, 'bench/src/stream-server.ts'),
    { STREAM_DIR: dir, STREAM_FILE: file },
    '/',
    dir,
  );
  try {
    const send = async () => {
      await upload(`${server.url}/upload`, {}, file, FILE_BYTES, 'lecture.pdf');
      return undefined;
    };
    const get = () => download(`${server.url}/file`, {}, FILE_BYTES, sha256);
    return await transfers(
      server,
      'bare Node',
      async () => {
        await send();
        await get();
      },
      send,
      get,
    );
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
// A growth of -0.1 MB (RSS dropped by less than a page table's worth) prints as 0.
const whole = (mb: number) => (Math.abs(mb) < 0.5 ? '0' : mb.toFixed(0));
const mbPerSecond = (ms: number) => FILE_BYTES / MB / (ms / 1000);

export async function benchFiles() {
  if (!existsSync('/proc/self/status')) {
    console.log('\nfiles: skipped (reads /proc/<pid>/status, Linux only)');
    return;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-file-'));
  try {
    const file = path.join(work, 'lecture.pdf');
    const sha256 = await makeTestFile(file);
    const copy = path.join(work, 'copy.pdf');
    const cpMs: number[] = [];
    const readMs: number[] = [];
    // cp before, between and after the servers' runs, so a change in the disk's speed shows.
    const cpRound = async () => {
      for (let run = 0; run < RUNS; run++) cpMs.push(await timeCp(file, copy));
      readMs.push(await timeRead(file));
    };
    await cpRound();
    const pressureBefore = cpuPressure();
    const floor = await measureFloor(file, sha256);
    const disk = await measureStorage('disk', {}, file, sha256);
    await cpRound();
    const s3 = await startS3();
    let onS3: StorageResult;
    try {
      onS3 = await measureStorage('S3 (s3rver)', s3.env, file, sha256);
    } finally {
      await s3.close();
    }
    await cpRound();

    const cp = median(cpMs);
    console.log(
      `\n100 MB file (${FILE_BYTES} bytes, PDF head + random bytes), %d runs each, MB = 2^20 bytes; ` +
        'bare Node = node:http piping the body to a file + fsync, and a file to the response; ' +
        'cp = `cp` then `sync` of the copy, same disk; server memory from /proc/<pid>/status ' +
        `(VmRSS every ${SAMPLE_MS} ms; VmHWM reset before each transfer); CPU = CPU time / the transfer's time (bench: this process, the client and, on S3, s3rver)`,
      RUNS,
    );
    console.log(
      `cp + sync: median ${mbPerSecond(cp).toFixed(0)} MB/s (${cp.toFixed(0)} ms; runs ${cpMs.map((ms) => mbPerSecond(ms).toFixed(0)).join(', ')}); ` +
        `read + SHA-256 in the bench process: ${mbPerSecond(median(readMs)).toFixed(0)} MB/s`,
    );
    const widths = [24, 6, 7, 11, 10, 7, 8, 7, 7, 9, 8];
    console.log(
      row(
        [
          'transfer',
          'MB/s',
          'vs cp',
          'server CPU',
          'bench CPU',
          'RSS MB',
          'peak MB',
          'growth',
          'VmHWM',
          'HWM grow',
          'samples',
        ],
        widths,
      ),
    );
    let worstGrowth = 0;
    const summaries: string[] = [];
    for (const result of [floor, disk, onS3]) {
      for (const [kind, transfers] of [
        ['upload', result.uploads],
        ['download', result.downloads],
      ] as const) {
        const isApp = result !== floor;
        transfers.forEach((transfer, i) => {
          const growth = transfer.peak - transfer.baseline;
          const hwmGrowth = transfer.hwm - transfer.baseline;
          if (isApp) {
            worstGrowth = Math.max(worstGrowth, growth, transfer.isPeakReset ? hwmGrowth : 0);
          }
          console.log(
            row(
              [
                `${result.label} ${kind} ${i + 1}`,
                mbPerSecond(transfer.ms).toFixed(0),
                `${((cp / transfer.ms) * 100).toFixed(0)}%`,
                `${((transfer.cpuMs / transfer.ms) * 100).toFixed(0)}%`,
                `${((transfer.benchCpuMs / transfer.ms) * 100).toFixed(0)}%`,
                transfer.baseline.toFixed(0),
                transfer.peak.toFixed(0),
                whole(growth),
                transfer.hwm.toFixed(0),
                transfer.isPeakReset ? whole(hwmGrowth) : '(since start)',
                transfer.samples,
              ],
              widths,
            ),
          );
        });
        const ms = median(transfers.map((transfer) => transfer.ms));
        const maxGrowth = Math.max(
          ...transfers.map((t) => Math.max(t.peak, t.isPeakReset ? t.hwm : 0) - t.baseline),
        );
        const floorMs = median(
          (kind === 'upload' ? floor.uploads : floor.downloads).map((transfer) => transfer.ms),
        );
        summaries.push(
          `${result.label} ${kind}: median ${mbPerSecond(ms).toFixed(0)} MB/s = ${((cp / ms) * 100).toFixed(0)}% of cp` +
            (isApp
              ? `, ${((floorMs / ms) * 100).toFixed(0)}% of bare Node; largest growth ${whole(maxGrowth)} MB (target < ${TARGET_GROWTH_MB} MB: ${maxGrowth < TARGET_GROWTH_MB ? 'PASS' : 'FAIL'})`
              : `; largest growth ${whole(maxGrowth)} MB`),
        );
      }
      const highest = Math.max(
        ...[...result.uploads, ...result.downloads].map((t) =>
          Math.max(t.peak, t.isPeakReset ? t.hwm : 0),
        ),
      );
      summaries.push(
        `${result.label}: RSS ${result.startRss.toFixed(0)} MB after the warm-up (settled), highest ${highest.toFixed(0)} MB over all ${RUNS * 2} transfers (+${(highest - result.startRss).toFixed(0)} MB)`,
      );
    }
    for (const line of summaries) console.log(line);
    console.log(`before the servers' runs: ${pressureBefore}; after: ${cpuPressure()}`);
    console.log(
      `largest growth during one transfer: ${worstGrowth.toFixed(0)} MB (target < ${TARGET_GROWTH_MB} MB: ${worstGrowth < TARGET_GROWTH_MB ? 'PASS' : 'FAIL'})`,
    );
    return { cpMs: cp, floor, disk, onS3, worstGrowth };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
