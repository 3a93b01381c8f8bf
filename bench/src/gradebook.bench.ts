// The gradebook (issue 25, decision 0024): a course of 40 members in 10 teams x 40 graded items
// (assignments, every team's work handed in, four grades in five, a few overrides). First the SQL
// statements one GET of the gradebook runs, counted on the real app in this process: in the steady
// state (the cached entry: the session-and-access statement only) and right after a change (the
// gradebook's ONE statement, plus the peer module's factors). Then GET /gradebook and GET /scores
// loaded against GET /api/health on the same server in the same run, with the app's CPU per
// request (from /proc) as a multiple of health's, as the class bench reports its sections, and
// the load average. Target: at least 30% of health's requests/s.
import os from 'node:os';
import type { Gradebook } from '@teamshuffle/domain';
import { cpuMsOf, hasProcStatus, startAppProcess, waitIdle } from './app-process.ts';
import { BROWSER_ENCODINGS } from './browser-encodings.ts';
import { buildCourse, type Course, pdf, send, sendParts } from './bench-client.ts';
import { load, row } from './harness.ts';
import { cpuPressure } from './pressure.ts';
import {
  describeStatement,
  inProcessApp,
  medianMs,
  pgliteClient,
  recordStatements,
} from './statements.ts';

const MEMBERS = 40;
const TEAMS = 10;
const ITEMS = 40;
/** (item, team) pairs left ungraded: every UNGRADED_EVERY-th. */
const UNGRADED_EVERY = 5;
const READS = 20;
const TARGET_SHARE = 0.3;
type Built = Course & { cells: number; graded: number; bytes: number };

/** 40 assignments, every team's leader hands in for each, the owner grades four in five. */
async function buildGradebook(url: string): Promise<Built> {
  const course = await buildCourse(url, 'gradebook', MEMBERS, TEAMS);
  const ws = `/api/workspaces/${course.workspaceId}`;
  for (let a = 0; a < ITEMS; a++) {
    const created = (await send(
      url,
      course.ownerCookie,
      'POST',
      `${ws}/assignments`,
      {
        title: `Problem set ${a + 1}`,
        description: '',
        startAt: null,
        endAt: null,
        maxFileSizeMb: 1,
        allowedTypes: ['pdf'],
      },
      201,
    )) as { id: string };
    const at = `${ws}/assignments/${created.id}`;
    await Promise.all(
      course.teams.map((team) =>
        sendParts(url, team.leaderCookie, `${at}/submissions`, [
          { name: 'files', filename: `set-${a + 1}.pdf`, data: pdf(2_000) },
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
  // A few members overridden (the override column of their cells).
  const first = (await (
    await fetch(`${url}${ws}/gradebook`, { headers: { cookie: course.ownerCookie } })
  ).json()) as Gradebook;
  for (const [i, member] of first.rows.slice(0, 5).entries()) {
    const overridden = await fetch(`${url}${ws}/gradebook/overrides`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: url, cookie: course.ownerCookie },
      body: JSON.stringify({
        memberId: member.memberId,
        itemKind: 'assignment',
        itemId: first.items[i]!.id,
        score: 0,
        reason: 'Did not take part',
      }),
    });
    if (overridden.status !== 204) throw new Error(`override: ${overridden.status}`);
  }
  const response = await fetch(`${url}${ws}/gradebook`, {
    headers: { cookie: course.ownerCookie },
  });
  const text = await response.text();
  const book = JSON.parse(text) as Gradebook;
  return {
    ...course,
    cells: book.rows.reduce((sum, r) => sum + r.cells.length, 0),
    graded: book.rows.reduce((sum, r) => sum + r.cells.filter((c) => c.score !== null).length, 0),
    bytes: Buffer.byteLength(text),
  };
}

/** The statements one GET runs in the steady state, and right after a change. */
async function countStatements() {
  const { app, url, close } = await inProcessApp();
  try {
    const built = await buildGradebook(url);
    const client = pgliteClient(app);
    const get = () =>
      app.inject({
        method: 'GET',
        url: `/api/workspaces/${built.workspaceId}/gradebook`,
        headers: { cookie: built.ownerCookie },
      });
    await get();
    const steady = await recordStatements(client, get);
    // A change (the weights) makes the next GET read the gradebook again.
    const change = () =>
      app.inject({
        method: 'PUT',
        url: `/api/workspaces/${built.workspaceId}/gradebook/weights`,
        headers: { cookie: built.ownerCookie, origin: url },
        payload: { assignments: 2 + Math.floor(Math.random() * 50), tasks: 1, peer: 1 },
      });
    await change();
    const afterChange = await recordStatements(client, get);
    const main = [...afterChange.calls].sort((x, y) => y.text.length - x.text.length)[0];
    const statementMs = main
      ? await medianMs(READS, async () => {
          await client.query(...main.args);
        })
      : undefined;
    const cachedMs = await medianMs(READS, async () => void (await get()));
    const rebuiltMs = await medianMs(READS, async () => {
      await change();
      await get();
    });
    return {
      built,
      steady: steady.calls,
      afterChange: afterChange.calls,
      statementMs,
      cachedMs,
      rebuiltMs,
    };
  } finally {
    await close();
  }
}

async function measure(seconds: number) {
  const app = await startAppProcess({ STORAGE_QUOTA_MB: '1000' });
  try {
    const built = await buildGradebook(app.url);
    const headers = { cookie: built.ownerCookie };
    const run = async (target: string, withHeaders: Record<string, string> = {}) => {
      if (hasProcStatus()) await waitIdle(app.pid);
      const before = hasProcStatus() ? cpuMsOf(app.pid) : 0;
      const result = await load(target, seconds, 50, withHeaders);
      const cpu = hasProcStatus() ? cpuMsOf(app.pid) - before : 0;
      // The load's 2 s warm-up runs too: CPU over both runs' requests (warm-up at the same rate).
      const requests = result.requestsPerSecond * (seconds + 2);
      return { ...result, cpuMsPerRequest: requests > 0 ? cpu / requests : 0 };
    };
    const base = `${app.url}/api/workspaces/${built.workspaceId}`;
    const health = await run(`${app.url}/api/health`);
    const gradebook = await run(`${base}/gradebook`, headers);
    const scores = await run(`${base}/scores`, headers);
    // As a browser asks: each cached answer's compressed copy is made once (prepared-json.ts).
    const browser = { ...headers, 'accept-encoding': BROWSER_ENCODINGS };
    const gradebookBrowser = await run(`${base}/gradebook`, browser);
    const scoresBrowser = await run(`${base}/scores`, browser);
    const healthAfter = await run(`${app.url}/api/health`);
    return {
      built,
      health,
      healthAfter,
      gradebook,
      scores,
      gradebookBrowser,
      scoresBrowser,
      pressure: cpuPressure(),
    };
  } finally {
    await app.stop();
  }
}

export async function benchGradebook(seconds: number) {
  const counts = await countStatements();
  const measured = await measure(seconds);
  const { built } = measured;
  console.log(
    `\nGradebook (issue 25): ${MEMBERS} members in ${TEAMS} teams x ${ITEMS} items; ${built.cells} cells, ${built.graded} with a grade; ${built.bytes} bytes of JSON`,
  );
  for (const [name, calls] of [
    ['GET /api/workspaces/:id/gradebook, cached (steady state)', counts.steady],
    ['GET /api/workspaces/:id/gradebook, right after a change', counts.afterChange],
  ] as const) {
    console.log(`SQL statements one ${name} runs: ${calls.length}`);
    calls.forEach((call, i) => console.log(`  ${i + 1}. ${describeStatement(call)}`));
  }
  console.log(
    `one reader at a time, in this process (app.inject, memory:// PGlite), median of ${READS}: cached GET ${counts.cachedMs.toFixed(1)} ms, a change + GET ${counts.rebuiltMs.toFixed(1)} ms, the gradebook's statement alone ${counts.statementMs?.toFixed(1) ?? '–'} ms`,
  );
  const widths = [44, 12, 10, 8, 14, 12];
  console.log(`\nvs GET /api/health, same server (PGlite), ${seconds} s each, 50 connections`);
  console.log(
    row(['endpoint', 'requests/s', 'p99 ms', 'errors', 'CPU ms/req', 'x health'], widths),
  );
  const healthCpu = (measured.health.cpuMsPerRequest + measured.healthAfter.cpuMsPerRequest) / 2;
  const healthRps =
    (measured.health.requestsPerSecond + measured.healthAfter.requestsPerSecond) / 2;
  for (const [name, result] of [
    ['GET /api/health (before)', measured.health],
    ['GET /api/workspaces/:id/gradebook', measured.gradebook],
    ['GET /api/workspaces/:id/scores', measured.scores],
    ['GET .../gradebook, as a browser asks (br)', measured.gradebookBrowser],
    ['GET .../scores, as a browser asks (br)', measured.scoresBrowser],
    ['GET /api/health (after)', measured.healthAfter],
  ] as const) {
    console.log(
      row(
        [
          name,
          result.requestsPerSecond.toFixed(0),
          result.p99Ms,
          result.errors + result.non2xx,
          result.cpuMsPerRequest.toFixed(3),
          healthCpu > 0 ? `${(result.cpuMsPerRequest / healthCpu).toFixed(1)}x` : '–',
        ],
        widths,
      ),
    );
  }
  const share = measured.gradebook.requestsPerSecond / healthRps;
  const browserShare = measured.gradebookBrowser.requestsPerSecond / healthRps;
  const verdict = (value: number) => (value >= TARGET_SHARE ? 'PASS' : 'FAIL');
  console.log(
    `gradebook throughput, % of health's (mean of before and after; target >= ${TARGET_SHARE * 100}%): uncompressed ${(share * 100).toFixed(1)}% ${verdict(share)}; as a browser asks ${(browserShare * 100).toFixed(1)}% ${verdict(browserShare)}`,
  );
  const [one, five, fifteen] = os.loadavg();
  console.log(
    `load average ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)} on ${os.cpus().length} CPUs; ${measured.pressure}`,
  );
  return { counts, measured, share, browserShare };
}
