// The Assignments section and Team Scores (issue 12): 10 teams x 20 assignments, every team's
// work handed in and most of it graded; the SQL statements one GET of each runs (counted on the
// real app in this process), and each read loaded against GET /api/health on the same server in
// the same run. Then "Download all": the ZIP of 10 teams' 5 MB PDFs, streamed, with the server's
// peak memory growth during the download (target: under 64 MB), against the same ten files
// downloaded one by one. Linux only for the memory (/proc/<pid>/status).
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { AssignmentsSection, TeamScores } from '@teamshuffle/domain';
import {
  hasProcStatus,
  type Sampled,
  sampleRss,
  settledRss,
  startAppProcess,
  waitIdle,
} from './app-process.ts';
import { buildCourse, type Course, pdf, send, sendParts } from './bench-client.ts';
import { freshPostgres, type Load, load, row } from './harness.ts';
import {
  describeStatement,
  inProcessApp,
  medianMs,
  pgliteClient,
  recordStatements,
} from './statements.ts';
import { cpuPressure } from './pressure.ts';

const MEMBERS = 40;
const TEAMS = 10;
const ASSIGNMENTS = 20;
/** (assignment, team) pairs left ungraded: every UNGRADED_EVERY-th. */
const UNGRADED_EVERY = 5;
const MB = 2 ** 20;
const ZIP_FILE_BYTES = 5 * MB;
const TARGET_GROWTH_MB = 64;
const READS = 20;
const ZIP_RUNS = Number(process.env.ZIP_RUNS ?? 3);

const assignmentBody = (title: string, maxFileSizeMb: number) => ({
  title,
  description: '',
  startAt: null,
  endAt: null,
  maxFileSizeMb,
  allowedTypes: ['pdf'],
});

type Shown = { assignments: number; submissions: number; graded: number; scoreCells: number };
type Built = Course & { shown: Shown };

/**
 * 20 assignments; every team's leader hands in a small PDF with notes for each (200 attempts);
 * the owner grades four pairs in five (160 grades).
 */
async function buildAssignments(url: string): Promise<Built> {
  const course = await buildCourse(url, 'assignments', MEMBERS, TEAMS);
  const ws = `/api/workspaces/${course.workspaceId}`;
  for (let a = 0; a < ASSIGNMENTS; a++) {
    const created = (await send(
      url,
      course.ownerCookie,
      'POST',
      `${ws}/assignments`,
      assignmentBody(`Problem set ${a + 1}`, 10),
      201,
    )) as { id: string };
    const at = `${ws}/assignments/${created.id}`;
    await Promise.all(
      course.teams.map((team) =>
        sendParts(url, team.leaderCookie, `${at}/submissions`, [
          { name: 'notes', value: `Team ${team.number}, problem set ${a + 1}.` },
          {
            name: 'files',
            filename: `team-${team.number}-set-${a + 1}.pdf`,
            data: pdf(10_000),
          },
        ]),
      ),
    );
    for (const [t, team] of course.teams.entries()) {
      if ((a + t) % UNGRADED_EVERY === 0) continue;
      await send(
        url,
        course.ownerCookie,
        'POST',
        `${at}/evaluations`,
        { teamId: team.id, score: 50 + ((a * 7 + t * 3) % 50), feedback: 'Well argued.' },
        200,
      );
    }
  }
  const section = (await (
    await fetch(`${url}${ws}/assignments`, { headers: { cookie: course.ownerCookie } })
  ).json()) as AssignmentsSection;
  const scores = (await (
    await fetch(`${url}${ws}/scores`, { headers: { cookie: course.ownerCookie } })
  ).json()) as TeamScores;
  const states = section.assignments.flatMap((assignment) => assignment.teams);
  return {
    ...course,
    shown: {
      assignments: section.assignments.length,
      submissions: states.filter((state) => state.latest !== null).length,
      graded: states.filter((state) => state.grade !== null).length,
      scoreCells: scores.teams.reduce(
        (sum, team) => sum + team.scores.filter((cell) => cell.score !== null).length,
        0,
      ),
    },
  };
}

/**
 * The real app in this process on an in-memory PGlite database, the same workspace built through
 * HTTP, then one GET of the section and one of Team Scores through `app.inject` with PGlite's
 * `query`, `exec` and `transaction` wrapped to record every call.
 */
async function countStatements() {
  const { app, url, close } = await inProcessApp();
  try {
    const built = await buildAssignments(url);
    const client = pgliteClient(app);
    const counted = async (pathname: string, cookie = built.ownerCookie) => {
      const get = () =>
        app.inject({
          method: 'GET',
          url: `/api/workspaces/${built.workspaceId}${pathname}`,
          headers: { cookie },
        });
      // Once before counting, so the count is a request's in the steady state.
      await get();
      const { calls, result: response } = await recordStatements(client, get);
      const status = response.statusCode;
      if (status !== 200) throw new Error(`GET ${pathname} failed: ${status}`);
      // One reader at a time, in this process.
      const getMs = await medianMs(READS, async () => {
        await get();
      });
      // The read's own statement (the longest text) alone, with the same parameters.
      const main = [...calls].sort((x, y) => y.text.length - x.text.length)[0];
      const statementMs = main
        ? await medianMs(READS, async () => {
            await client.query(...main.args);
          })
        : undefined;
      return { calls, getMs, statementMs };
    };
    return {
      section: await counted('/assignments'),
      scores: await counted('/scores'),
      // A team's leader: no Create Assignment, so no check of the leaders' e-mails.
      sectionAsLeader: await counted('/assignments', built.teams[0]!.leaderCookie),
    };
  } finally {
    await close();
  }
}

type ZipCheck = {
  bytes: number;
  /** Entries by the end-of-central-directory record. */
  entries: number;
  names: string[];
  /** `unzip -tq` on the downloaded file: its last line, or why it did not run. */
  unzip: string;
};

/**
 * The ZIP streamed to a file in a temporary folder (never held whole here); then its
 * end-of-central-directory record and central directory read back, and `unzip -t` on it.
 */
async function downloadZip(target: string, cookie: string, file: string): Promise<ZipCheck> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(target, { agent: false, headers: { cookie } }, resolve).once('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`ZIP download failed: ${response.statusCode}`);
  let bytes = 0;
  let tail = Buffer.alloc(0);
  const out = createWriteStream(file);
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    tail = Buffer.concat([tail, buffer]);
    if (tail.length > 128 * 1024) tail = tail.subarray(tail.length - 128 * 1024);
    if (!out.write(buffer)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
  // The end-of-central-directory record: signature 0x06054b50, then (at +10) the total entries,
  // (at +12) the directory's size and (at +16) its offset.
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end-of-central-directory record');
  const entries = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  const directoryAt = tail.length - (bytes - directoryOffset);
  const names: string[] = [];
  if (directoryAt >= 0 && directoryOffset + directorySize <= bytes) {
    for (let at = directoryAt; tail.readUInt32LE(at) === 0x02014b50;) {
      const nameLength = tail.readUInt16LE(at + 28);
      const extraLength = tail.readUInt16LE(at + 30);
      const commentLength = tail.readUInt16LE(at + 32);
      const size = tail.readUInt32LE(at + 24);
      names.push(`${tail.toString('utf8', at + 46, at + 46 + nameLength)} (${size} bytes)`);
      at += 46 + nameLength + extraLength + commentLength;
      if (at + 4 > tail.length) break;
    }
  }
  const tested = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
  const unzip =
    tested.error !== undefined
      ? 'unzip not available'
      : `${(tested.stdout || tested.stderr).trim().split('\n').at(-1)} (exit ${tested.status})`;
  return { bytes, entries, names, unzip };
}

/** A file's bytes counted on the way to nowhere. */
async function downloadFile(target: string, cookie: string): Promise<number> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(target, { agent: false, headers: { cookie } }, resolve).once('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`download failed: ${response.statusCode}`);
  let bytes = 0;
  for await (const chunk of response) bytes += (chunk as Buffer).length;
  return bytes;
}

type ZipRound = {
  zip: Sampled<ZipCheck>;
  /** The same ten files through GET /api/files/:id, one after another. */
  oneByOne: Sampled<number>;
};
type ZipMeasured = { rounds: ZipRound[]; startRssMb: number };

/** Each team's leader hands in one PDF to a new assignment; the files' ids, by team. */
async function handIn(url: string, course: Course, title: string, size: number) {
  const ws = `/api/workspaces/${course.workspaceId}`;
  const created = (await send(
    url,
    course.ownerCookie,
    'POST',
    `${ws}/assignments`,
    assignmentBody(title, 10),
    201,
  )) as { id: string };
  const at = `${ws}/assignments/${created.id}`;
  for (const team of course.teams) {
    await sendParts(url, team.leaderCookie, `${at}/submissions`, [
      { name: 'notes', value: `Team ${team.number}: ${title}.` },
      { name: 'files', filename: `team-${team.number}-report.pdf`, data: pdf(size, true) },
    ]);
  }
  const section = (await (
    await fetch(`${url}${ws}/assignments`, { headers: { cookie: course.ownerCookie } })
  ).json()) as AssignmentsSection;
  const card = section.assignments.find((assignment) => assignment.id === created.id);
  const fileIds = (card?.teams ?? []).flatMap((state) =>
    (state.latest?.files ?? []).map((file) => file.fileId),
  );
  if (fileIds.length !== TEAMS) throw new Error(`expected ${TEAMS} files, saw ${fileIds.length}`);
  return {
    zipUrl: `${url}${at}/export.zip`,
    fileUrls: fileIds.map((id) => `${url}/api/files/${id}`),
  };
}

/**
 * "Download all" on a server of its own (so the baseline is not a heap grown by load runs): a
 * course of 10 teams, a warm-up assignment with 64 kB PDFs (its ZIP and a file downloaded once,
 * so no measurement pays for first use), then one where each team hands in a 5 MB PDF of random
 * bytes; ZIP_RUNS rounds of the ZIP, then the same files one by one, each from a settled RSS.
 */
async function measureZip(env: Record<string, string>): Promise<ZipMeasured> {
  const app = await startAppProcess({ STORAGE_QUOTA_MB: '1000', ...env });
  const work = mkdtempSync(path.join(tmpdir(), 'teamshuffle-bench-zip-'));
  try {
    const course = await buildCourse(app.url, 'zip', MEMBERS, TEAMS);
    const cookie = course.ownerCookie;
    const zipFile = path.join(work, 'download.zip');
    const warm = await handIn(app.url, course, 'Warm-up', 64 * 1024);
    await downloadZip(warm.zipUrl, cookie, zipFile);
    await downloadFile(warm.fileUrls[0]!, cookie);
    const big = await handIn(app.url, course, 'Final report', ZIP_FILE_BYTES);
    const startRssMb = await settledRss(app.pid);
    const rounds: ZipRound[] = [];
    for (let run = 0; run < ZIP_RUNS; run++) {
      const zip = await sampleRss(app.pid, () => downloadZip(big.zipUrl, cookie, zipFile));
      const oneByOne = await sampleRss(app.pid, async () => {
        let bytes = 0;
        for (const file of big.fileUrls) bytes += await downloadFile(file, cookie);
        return bytes;
      });
      rounds.push({ zip, oneByOne });
    }
    return { rounds, startRssMb };
  } finally {
    await app.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

type Waited = Load & { waitedMs: number };
type Measured = {
  health: Waited;
  section: Waited;
  scores: Waited;
  bytes: { section: number; scores: number };
  oneReader: { section: number; scores: number };
  shown: Shown;
  pressure: string;
};

async function measure(seconds: number, env: Record<string, string>): Promise<Measured> {
  const app = await startAppProcess({ STORAGE_QUOTA_MB: '1000', ...env });
  try {
    const built = await buildAssignments(app.url);
    const headers = { cookie: built.ownerCookie };
    const sectionUrl = `${app.url}/api/workspaces/${built.workspaceId}/assignments`;
    const scoresUrl = `${app.url}/api/workspaces/${built.workspaceId}/scores`;
    const size = async (target: string) => {
      const response = await fetch(target, { headers });
      if (!response.ok) throw new Error(`GET ${target} failed: ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    };
    const bytes = { section: await size(sectionUrl), scores: await size(scoresUrl) };
    const oneReader = {
      section: await medianMs(READS, async () => void (await size(sectionUrl))),
      scores: await medianMs(READS, async () => void (await size(scoresUrl))),
    };
    const loaded = async (target: string, cookie: Record<string, string> = {}) => {
      const waitedMs = hasProcStatus() ? await waitIdle(app.pid) : 0;
      return { ...(await load(target, seconds, 50, cookie)), waitedMs };
    };
    const health = await loaded(`${app.url}/api/health`);
    const section = await loaded(sectionUrl, headers);
    const scores = await loaded(scoresUrl, headers);
    const pressure = cpuPressure();
    return { health, section, scores, bytes, oneReader, shown: built.shown, pressure };
  } finally {
    await app.stop();
  }
}

const growthOf = (sampled: Sampled<unknown>) =>
  Math.max(sampled.peakMb, sampled.isPeakReset ? sampled.hwmMb : 0) - sampled.baselineMb;

export async function benchAssignments(seconds: number) {
  const counts = await countStatements();
  const embedded = await measure(seconds, {});
  const zips: Array<[string, ZipMeasured]> = [];
  if (hasProcStatus()) zips.push(['PGlite', await measureZip({})]);
  const postgres = await freshPostgres();
  let onPostgres: Measured | undefined;
  if (postgres) {
    try {
      onPostgres = await measure(seconds, { DATABASE_URL: postgres.url });
      if (hasProcStatus())
        zips.push(['PostgreSQL', await measureZip({ DATABASE_URL: postgres.url })]);
    } finally {
      await postgres.drop();
    }
  }

  const { shown } = embedded;
  console.log(
    `\nAssignments (issue 12): owner's view; ${MEMBERS} members in ${TEAMS} teams, ${shown.assignments} assignments, ` +
      `${shown.submissions} latest submissions, ${shown.graded} graded (Team Scores: ${shown.scoreCells} scored cells); ` +
      `section ${embedded.bytes.section} bytes, scores ${embedded.bytes.scores} bytes`,
  );
  for (const [name, counted] of [
    ['GET /api/workspaces/:id/assignments (owner)', counts.section],
    ['GET /api/workspaces/:id/scores (owner)', counts.scores],
    ["GET /api/workspaces/:id/assignments (team 1's leader)", counts.sectionAsLeader],
  ] as const) {
    console.log(
      `SQL statements one ${name} runs (PGlite in this process, its client's query/exec/transaction counted): ${counted.calls.length}`,
    );
    counted.calls.forEach((call, i) => console.log(`  ${i + 1}. ${describeStatement(call)}`));
    console.log(
      `  one reader at a time, in this process (app.inject, memory:// PGlite), median of ${READS}: the GET ${counted.getMs.toFixed(1)} ms, its longest statement alone ${counted.statementMs?.toFixed(1) ?? '–'} ms`,
    );
  }

  const widths = [52, 12, 10, 8, 10];
  console.log(
    `\nthe section and Team Scores vs GET /api/health, same server, ${seconds} s each, 50 connections`,
  );
  console.log(row(['endpoint', 'requests/s', 'p99 ms', 'errors', 'idle wait before (s)'], widths));
  const report = (label: string, measured: Measured) => {
    for (const [name, result] of [
      [`GET /api/health (${label})`, measured.health],
      [`GET /api/workspaces/:id/assignments (${label})`, measured.section],
      [`GET /api/workspaces/:id/scores (${label})`, measured.scores],
    ] as const) {
      console.log(
        row(
          [
            name,
            result.requestsPerSecond.toFixed(0),
            result.p99Ms,
            result.errors + result.non2xx,
            (result.waitedMs / 1000).toFixed(1),
          ],
          widths,
        ),
      );
    }
    const ratio = (result: Load) =>
      `${((result.requestsPerSecond / measured.health.requestsPerSecond) * 100).toFixed(1)}%`;
    console.log(
      `ratios to health (${label}): section ${ratio(measured.section)}, scores ${ratio(measured.scores)}; ` +
        `one reader at a time over HTTP, median of ${READS}: section ${measured.oneReader.section.toFixed(1)} ms, scores ${measured.oneReader.scores.toFixed(1)} ms`,
    );
    console.log(`after the load runs (${label}): ${measured.pressure}`);
  };
  report('PGlite', embedded);
  if (onPostgres) report('PostgreSQL', onPostgres);
  else console.log('PostgreSQL: skipped (no server at BENCH_DATABASE_URL)');

  console.log(
    `\n"Download all": ${TEAMS} teams x one ${ZIP_FILE_BYTES / MB} MB PDF (random bytes), streamed; server VmRSS every 20 ms from a settled baseline (VmHWM reset before); MB = 2^20 bytes`,
  );
  let worst = 0;
  if (zips.length === 0) console.log('skipped (reads /proc/<pid>/status, Linux only)');
  for (const [label, measured] of zips) {
    const check = measured.rounds[0]!.zip.result;
    console.log(
      `${label}: ZIP ${check.bytes} bytes (${(check.bytes / MB).toFixed(1)} MB), ${check.entries} entries by the end-of-central-directory record` +
        ` (${check.entries === TEAMS + 1 ? 'as expected: 10 files and manifest.csv' : 'UNEXPECTED'}); unzip -t: ${check.unzip}`,
    );
    console.log(`  entries: ${check.names.join(', ')}`);
    console.log(
      `  RSS after the warm-up and the uploads (settled): ${measured.startRssMb.toFixed(0)} MB`,
    );
    measured.rounds.forEach(({ zip, oneByOne }, i) => {
      const growth = growthOf(zip);
      worst = Math.max(worst, growth);
      if (zip.result.entries !== TEAMS + 1 || zip.result.bytes < TEAMS * ZIP_FILE_BYTES) {
        throw new Error(`ZIP ${i + 1} is not the expected one: ${JSON.stringify(zip.result)}`);
      }
      console.log(
        `  round ${i + 1}: ZIP ${(zip.ms / 1000).toFixed(2)} s (${(zip.result.bytes / MB / (zip.ms / 1000)).toFixed(1)} MB/s), ` +
          `RSS ${zip.baselineMb.toFixed(0)} MB before, peak ${zip.peakMb.toFixed(0)} MB (VmHWM ${zip.hwmMb.toFixed(0)}${zip.isPeakReset ? '' : ', since start'}), growth ${growth.toFixed(0)} MB, ${zip.samples} samples, server CPU ${(zip.cpuMs / 1000).toFixed(2)} s; ` +
          `the same 10 files one by one ${(oneByOne.ms / 1000).toFixed(2)} s (${(oneByOne.result / MB / (oneByOne.ms / 1000)).toFixed(1)} MB/s), growth ${growthOf(oneByOne).toFixed(0)} MB, server CPU ${(oneByOne.cpuMs / 1000).toFixed(2)} s; ` +
          `ZIP = ${(zip.ms / oneByOne.ms).toFixed(2)}x their time`,
      );
    });
  }
  console.log(
    `largest growth during the ZIP: ${worst.toFixed(0)} MB (target < ${TARGET_GROWTH_MB} MB: ${worst < TARGET_GROWTH_MB ? 'PASS' : 'FAIL'})`,
  );
  return { counts, embedded, onPostgres, zips, worst };
}
