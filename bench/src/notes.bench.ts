// The workspace page's Lecture Notes section (issue 11): GET /api/workspaces/:id/notes signed in
// as the owner, with 20 published notes (a team task on each, attachments on some) and the
// submissions of 10 teams to every note (some resubmitted, so there is history), against GET
// /api/health on the same server in the same run. Also counts the SQL statements one request of
// the section runs, on the real app built in this process.
import type { LectureNotesSection } from '@teamshuffle/domain';
import { buildCourse, type Part, pdf, send, sendParts } from './bench-client.ts';
import { freshPostgres, type Load, load, row, startApp } from './harness.ts';
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
const NOTES = 20;
/** Every RESUBMIT_EVERY-th (note, team) pair hands in a second attempt: the first is history. */
const RESUBMIT_EVERY = 5;
type Section = {
  workspaceId: string;
  ownerCookie: string;
  /** What the owner's GET shows, counted from the answer. */
  shown: { notes: number; current: number; history: number; attachments: number };
};

/**
 * The workspace: 40 members in 10 teams (the engine's own draw), each team's leader a verified
 * account with the leader e-mail; 20 published notes by the owner, each with a team task, every
 * other one with an attachment and every fourth with two; every team's answer to every note,
 * and a second attempt for every fifth (note, team) pair.
 */
async function buildSection(url: string): Promise<Section> {
  const { workspaceId, ownerCookie, teams } = await buildCourse(url, 'notes', MEMBERS, TEAMS);
  const ws = `/api/workspaces/${workspaceId}`;
  const leaderCookies = teams.map((team) => team.leaderCookie);

  for (let n = 0; n < NOTES; n++) {
    const week = n + 1;
    const note = (await send(
      url,
      ownerCookie,
      'POST',
      `${ws}/notes`,
      {
        title: `Week ${week}: lecture`,
        description: `Slides, reading and the exercise for week ${week}.`,
        week,
        date: null,
        task: {
          title: `Week ${week} exercise`,
          description: '',
          deadline: null,
          maxFileSizeMb: 5,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
        },
      },
      201,
    )) as { id: string };
    const notePath = `${ws}/notes/${note.id}`;
    await send(url, ownerCookie, 'PATCH', notePath, { isPublished: true }, 200);
    if (n % 2 === 0) {
      const files: Part[] = [
        { name: 'files', filename: `slides-week-${week}.pdf`, data: pdf(40_000) },
      ];
      if (n % 4 === 0) {
        files.push({ name: 'files', filename: `reading-week-${week}.pdf`, data: pdf(20_000) });
      }
      await sendParts(url, ownerCookie, `${notePath}/attachments`, files);
    }
    const submit = (team: number, attempt: number) =>
      sendParts(url, leaderCookies[team]!, `${notePath}/submissions`, [
        { name: 'description', value: `Team ${team + 1}, week ${week}, attempt ${attempt}.` },
        { name: 'files', filename: `team-${team + 1}-week-${week}.pdf`, data: pdf(10_000) },
      ]);
    await Promise.all(teams.map((_, team) => submit(team, 1)));
    await Promise.all(
      teams.flatMap((_, team) => ((n + team) % RESUBMIT_EVERY === 0 ? [submit(team, 2)] : [])),
    );
  }

  // The leaders are leaders: a submission by one is refused otherwise, but check the section too.
  const asLeader = (await (
    await fetch(`${url}${ws}/notes`, { headers: { cookie: leaderCookies[0]! } })
  ).json()) as LectureNotesSection;
  if (!asLeader.isLeader) throw new Error('the first leader is not resolved as a leader');

  const section = (await (
    await fetch(`${url}${ws}/notes`, { headers: { cookie: ownerCookie } })
  ).json()) as LectureNotesSection;
  const teamStates = section.notes.flatMap((note) => note.task?.teams ?? []);
  return {
    workspaceId,
    ownerCookie,
    shown: {
      notes: section.notes.length,
      current: teamStates.filter((state) => state.current !== null).length,
      history: teamStates.reduce((sum, state) => sum + state.history.length, 0),
      attachments: section.notes.reduce((sum, note) => sum + note.attachments.length, 0),
    },
  };
}

type Measured = {
  health: Load;
  notes: Load;
  bytes: number;
  shown: Section['shown'];
  /** Median of sequential GETs over HTTP, one reader at a time. */
  oneReaderMs: number;
  /** The machine's CPU pressure right after the load runs. */
  pressure: string;
};

const READS = 20;

async function measure(seconds: number, env: Record<string, string>): Promise<Measured> {
  const app = await startApp({
    NODE_ENV: 'development',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  try {
    const { workspaceId, ownerCookie, shown } = await buildSection(app.url);
    const notesUrl = `${app.url}/api/workspaces/${workspaceId}/notes`;
    const sample = await fetch(notesUrl, { headers: { cookie: ownerCookie } });
    if (!sample.ok) throw new Error(`notes GET failed: ${sample.status}`);
    const bytes = (await sample.arrayBuffer()).byteLength;
    const oneReaderMs = await medianMs(READS, async () => {
      const response = await fetch(notesUrl, { headers: { cookie: ownerCookie } });
      if (!response.ok) throw new Error(`notes GET failed: ${response.status}`);
      await response.arrayBuffer();
    });
    const health = await load(`${app.url}/api/health`, seconds);
    const notes = await load(notesUrl, seconds, 50, { cookie: ownerCookie });
    return { health, notes, bytes, shown, oneReaderMs, pressure: cpuPressure() };
  } finally {
    await app.stop();
  }
}

/**
 * The real app in this process on an in-memory PGlite database, the same workspace built through
 * HTTP, then one GET of the section through `app.inject` with PGlite's `query`, `exec` and
 * `transaction` wrapped to record every call.
 */
async function countStatements() {
  const { app, url, close } = await inProcessApp();
  try {
    const { workspaceId, ownerCookie } = await buildSection(url);
    const get = () =>
      app.inject({
        method: 'GET',
        url: `/api/workspaces/${workspaceId}/notes`,
        headers: { cookie: ownerCookie },
      });
    // Once before counting, so the count is a request's in the steady state.
    await get();
    const client = pgliteClient(app);
    const { calls, result: response } = await recordStatements(client, get);
    const status = response.statusCode;
    if (status !== 200) throw new Error(`notes GET failed: ${status}`);
    // One reader at a time, in this process: the whole GET, and the section's statement alone.
    const section = calls.find((call) => call.text.includes('json_agg(n.note'));
    const getMs = await medianMs(READS, async () => {
      await get();
    });
    const statementMs = section
      ? await medianMs(READS, async () => {
          await client.query(...section.args);
        })
      : undefined;
    return { calls, section, getMs, statementMs };
  } finally {
    await close();
  }
}

export async function benchNotes(seconds: number) {
  const { calls, section, getMs, statementMs } = await countStatements();
  const embedded = await measure(seconds, {});
  const postgres = await freshPostgres();
  let onPostgres: Measured | undefined;
  if (postgres) {
    try {
      onPostgres = await measure(seconds, { DATABASE_URL: postgres.url });
    } finally {
      await postgres.drop();
    }
  }

  const { shown: counts } = embedded;
  console.log(
    '\nGET /api/workspaces/:id/notes (owner; %d members in %d teams; %d published notes with a team task, %d attachments; %d current submissions, %d earlier attempts; %d bytes)',
    MEMBERS,
    TEAMS,
    counts.notes,
    counts.attachments,
    counts.current,
    counts.history,
    embedded.bytes,
  );
  console.log(
    `SQL statements one GET of the section runs (PGlite in this process, its client's query/exec/transaction counted): ${calls.length}`,
  );
  calls.forEach((call, i) => console.log(`  ${i + 1}. ${describeStatement(call)}`));
  console.log(
    `one reader at a time, in this process (app.inject, memory:// PGlite), median of ${READS}: ` +
      `the GET ${getMs.toFixed(1)} ms, the section's statement alone ${statementMs?.toFixed(1) ?? '–'} ms`,
  );
  if (section) {
    console.log("the section's statement (loadNotes), as the database receives it:");
    console.log(
      section.text
        .replace(/^\s*\n/, '')
        .split('\n')
        .map((line) => `    ${line.trimEnd()}`)
        .join('\n'),
    );
  }

  const widths = [44, 14, 10, 8];
  console.log(`\nGET /api/workspaces/:id/notes vs GET /api/health, same server, ${seconds} s`);
  console.log(row(['endpoint', 'requests/s', 'p99 ms', 'errors'], widths));
  const report = (label: string, measured: Measured) => {
    for (const [name, result] of [
      [`GET /api/health (${label})`, measured.health],
      [`GET /api/workspaces/:id/notes (${label})`, measured.notes],
    ] as const) {
      console.log(
        row(
          [name, result.requestsPerSecond.toFixed(0), result.p99Ms, result.errors + result.non2xx],
          widths,
        ),
      );
    }
    const ratio = measured.notes.requestsPerSecond / measured.health.requestsPerSecond;
    console.log(`notes / health throughput ratio (${label}): ${(ratio * 100).toFixed(1)}%`);
    console.log(
      `one reader at a time (${label}), median of ${READS} GETs of the section: ${measured.oneReaderMs.toFixed(1)} ms`,
    );
    console.log(`after the load runs (${label}): ${measured.pressure}`);
    return ratio;
  };
  const ratio = report('PGlite', embedded);
  const pgRatio = onPostgres ? report('PostgreSQL', onPostgres) : undefined;
  if (!onPostgres) console.log('PostgreSQL: skipped (no server at BENCH_DATABASE_URL)');
  return { calls, embedded, onPostgres, ratio, pgRatio };
}
