// GET /api/workspaces/:id of a workspace with 300 members in 10 teams (signed in as its owner:
// session lookup, role resolution, roster, teams, constraints), against GET /api/health on the
// same server in the same run. Target (issue 5): at least 40% of the health endpoint's throughput.
import { formTeams } from '@teamshuffle/domain';
import { freshPostgres, type Load, load, row, startApp } from './harness.ts';
import { medianMs } from './statements.ts';

const MEMBERS = 300;
const TEAMS = 10;

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function signedInOwner(url: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const headers = { 'content-type': 'application/json', origin: url };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Bench Owner',
      email,
      password: 'bench-password-1',
      callbackURL: '/',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const outbox = (await (await fetch(`${url}/api/dev/outbox`)).json()) as Array<{
    to: string;
    link: string;
  }>;
  const link = outbox.find((message) => message.to === email)?.link;
  if (!link) throw new Error('no verification link');
  const verify = await fetch(`${url}${new URL(link).pathname}${new URL(link).search}`, {
    redirect: 'manual',
  });
  return cookiesOf(verify);
}

export async function createWorkspace(url: string, cookie: string): Promise<string> {
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    id: `m${i}`,
    name: `Member ${i + 1}`,
  }));
  const base = {
    members,
    groupSize: TEAMS,
    fixedPairs: [{ id: 'p1', memberIds: ['m0', 'm10'] as [string, string] }],
    lockedTeams: [{ id: 'l1', memberIds: ['m1', 'm11', 'm21'] }],
    keepApart: [],
    seed: 'bench',
  };
  // The server replays the draw from the seed, so the teams must be the engine's own.
  const drawn = formTeams({ ...base, teamCount: TEAMS });
  const snapshot = {
    ...base,
    groups: drawn.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
  };
  const headers = { 'content-type': 'application/json', origin: url, cookie };
  const created = await fetch(`${url}/api/workspaces`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: `Bench course ${Date.now()}`, snapshot }),
  });
  if (created.status !== 201)
    throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const { workspace } = (await created.json()) as { workspace: { id: string } };
  // Every team gets a leader with an e-mail, as a real course would have.
  const detail = (await (
    await fetch(`${url}/api/workspaces/${workspace.id}`, { headers: { cookie } })
  ).json()) as {
    teams: Array<{ id: string; memberIds: string[] }>;
  };
  for (const team of detail.teams) {
    await fetch(`${url}/api/workspaces/${workspace.id}/teams/${team.id}/leader`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ memberId: team.memberIds[0] }),
    });
  }
  await fetch(`${url}/api/workspaces/${workspace.id}/leader-emails`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      entries: detail.teams.map((team, i) => ({
        teamId: team.id,
        email: `leader${i}@example.com`,
      })),
    }),
  });
  return workspace.id;
}

/**
 * One reader at a time: a read served from the detail cache, and a read right after a leader
 * change (the change bumps the workspace's detail version, so that read loads and presents the
 * detail again).
 */
async function readLatency(url: string, cookie: string, id: string) {
  const read = async () => {
    const response = await fetch(`${url}/api/workspaces/${id}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`workspace GET failed: ${response.status}`);
    await response.arrayBuffer();
  };
  const detail = (await (
    await fetch(`${url}/api/workspaces/${id}`, { headers: { cookie } })
  ).json()) as { teams: Array<{ id: string; memberIds: string[] }> };
  const team = detail.teams[0]!;
  let turn = 0;
  const changeLeader = async () => {
    turn += 1;
    const response = await fetch(`${url}/api/workspaces/${id}/teams/${team.id}/leader`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({ memberId: team.memberIds[turn % 2] }),
    });
    if (!response.ok) throw new Error(`leader change failed: ${response.status}`);
  };
  await medianMs(20, read);
  return {
    hitMs: await medianMs(100, read),
    missMs: await medianMs(100, read, changeLeader),
  };
}

type Measured = {
  health: Load;
  workspace: Load;
  bytes: number;
  latency: { hitMs: number; missMs: number };
};

async function measure(seconds: number, env: Record<string, string>): Promise<Measured> {
  const app = await startApp({
    NODE_ENV: 'development',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  try {
    const cookie = await signedInOwner(app.url);
    const id = await createWorkspace(app.url, cookie);
    const sample = await fetch(`${app.url}/api/workspaces/${id}`, { headers: { cookie } });
    if (!sample.ok) throw new Error(`workspace GET failed: ${sample.status}`);
    const bytes = (await sample.text()).length;
    const health = await load(`${app.url}/api/health`, seconds);
    const workspace = await load(`${app.url}/api/workspaces/${id}`, seconds, 50, { cookie });
    const latency = await readLatency(app.url, cookie, id);
    return { health, workspace, bytes, latency };
  } finally {
    await app.stop();
  }
}

export async function benchWorkspace(seconds: number) {
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
  const widths = [44, 14, 10, 8];
  console.log(
    '\nGET /api/workspaces/:id (%d members, %d teams, owner session, %d bytes) vs GET /api/health, same server, %d s',
    MEMBERS,
    TEAMS,
    embedded.bytes,
    seconds,
  );
  console.log(row(['endpoint', 'requests/s', 'p99 ms', 'errors'], widths));
  const report = (label: string, measured: Measured) => {
    for (const [name, result] of [
      [`GET /api/health (${label})`, measured.health],
      [`GET /api/workspaces/:id (${label})`, measured.workspace],
    ] as const) {
      console.log(
        row(
          [name, result.requestsPerSecond.toFixed(0), result.p99Ms, result.errors + result.non2xx],
          widths,
        ),
      );
    }
    const ratio = measured.workspace.requestsPerSecond / measured.health.requestsPerSecond;
    console.log(
      `workspace / health throughput ratio (${label}): ${(ratio * 100).toFixed(1)}% (target >= 40%: ${ratio >= 0.4 ? 'PASS' : 'FAIL'})`,
    );
    console.log(
      `one reader at a time (${label}), median: ${measured.latency.hitMs.toFixed(2)} ms from the detail cache, ${measured.latency.missMs.toFixed(2)} ms right after a change (detail loaded again)`,
    );
    return ratio;
  };
  const ratio = report('PGlite', embedded);
  const pgRatio = onPostgres ? report('PostgreSQL', onPostgres) : undefined;
  return { embedded, onPostgres, ratio, pgRatio };
}
