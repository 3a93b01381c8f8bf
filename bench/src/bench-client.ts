// What the assignments and live benches do as a browser would: sign up and verify through the dev
// outbox, JSON and multipart requests with the app's Origin, a course of teams with verified
// leaders. (The same steps as notes.bench.ts, shared here so the newer benches do not copy them.)
import { randomBytes } from 'node:crypto';
import { formTeams } from '@teamshuffle/domain';

export const AUTH_SECRET = 'bench-only-secret-bench-only-secret-0123';

// What file-type needs to see a PDF.
export const PDF_HEAD = Buffer.from(
  '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
  'latin1',
);

/** A PDF of `size` bytes: the head, then spaces, or random (incompressible) bytes. */
export function pdf(size: number, isRandom = false): Buffer {
  const rest = size - PDF_HEAD.length;
  return Buffer.concat([PDF_HEAD, isRandom ? randomBytes(rest) : Buffer.alloc(rest, 32)]);
}

export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Signs up with e-mail and password and follows the verification link from the dev outbox. */
export async function verifiedAccount(url: string, email: string, name: string): Promise<string> {
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name, email, password: 'bench-password-1', callbackURL: '/' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const outbox = (await (await fetch(`${url}/api/dev/outbox`)).json()) as Array<{
    to: string;
    link: string | null;
  }>;
  const link = outbox.find((message) => message.to === email && message.link)?.link;
  if (!link) throw new Error(`no verification link for ${email}`);
  const { pathname, search } = new URL(link);
  const cookie = cookiesOf(await fetch(`${url}${pathname}${search}`, { redirect: 'manual' }));
  if (!cookie) throw new Error(`verification of ${email} gave no session`);
  return cookie;
}

/** A JSON request with the app's Origin; throws unless the status is `expected`. */
export async function send(
  url: string,
  cookie: string,
  method: 'POST' | 'PUT' | 'PATCH',
  pathname: string,
  body: unknown,
  expected: number,
): Promise<unknown> {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) {
    throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

export type Part =
  { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart/form-data POST, as a browser's FormData upload sends it; expects 201. */
export async function sendParts(url: string, cookie: string, pathname: string, parts: Part[]) {
  const boundary = `----teamshufflebench${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/pdf\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: url,
      cookie,
    },
    body: Buffer.concat(chunks),
  });
  if (response.status !== 201) {
    throw new Error(`POST ${pathname}: ${response.status} ${await response.text()}`);
  }
  await response.arrayBuffer();
}

export type Course = {
  workspaceId: string;
  ownerCookie: string;
  /** Sorted by team number, with the cookie of each team's leader. */
  teams: Array<{ id: string; number: number; leaderCookie: string }>;
};

/**
 * A workspace of `members` in `teamCount` teams (the engine's own draw) whose leaders are verified
 * accounts named by the leader e-mails, so that they can submit and the owner can create work.
 */
export async function buildCourse(
  url: string,
  label: string,
  members: number,
  teamCount: number,
): Promise<Course> {
  const stamp = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const ownerCookie = await verifiedAccount(url, `${label}-owner-${stamp}@example.com`, 'Owner');
  const leaderEmails = Array.from(
    { length: teamCount },
    (_, i) => `${label}-leader-${stamp}-${i + 1}@example.com`,
  );
  const leaderCookies: string[] = [];
  for (const [i, email] of leaderEmails.entries()) {
    leaderCookies.push(await verifiedAccount(url, email, `Leader ${i + 1}`));
  }
  const base = {
    members: Array.from({ length: members }, (_, i) => ({ id: `m${i}`, name: `Member ${i + 1}` })),
    groupSize: teamCount,
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    seed: `${label}-bench`,
  };
  // The server replays the draw from the seed, so the teams must be the engine's own.
  const drawn = formTeams({ ...base, teamCount });
  const snapshot = {
    ...base,
    groups: drawn.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
  };
  const created = (await send(
    url,
    ownerCookie,
    'POST',
    '/api/workspaces',
    { title: `${label} bench ${stamp}`, snapshot },
    201,
  )) as { workspace: { id: string } };
  const workspaceId = created.workspace.id;
  const ws = `/api/workspaces/${workspaceId}`;
  const detail = (await (
    await fetch(`${url}${ws}`, { headers: { cookie: ownerCookie } })
  ).json()) as { teams: Array<{ id: string; number: number; memberIds: string[] }> };
  const teams = [...detail.teams].sort((a, b) => a.number - b.number);
  for (const team of teams) {
    await send(
      url,
      ownerCookie,
      'PUT',
      `${ws}/teams/${team.id}/leader`,
      { memberId: team.memberIds[0] },
      200,
    );
  }
  await send(
    url,
    ownerCookie,
    'PUT',
    `${ws}/leader-emails`,
    { entries: teams.map((team, i) => ({ teamId: team.id, email: leaderEmails[i] })) },
    200,
  );
  return {
    workspaceId,
    ownerCookie,
    teams: teams.map((team, i) => ({
      id: team.id,
      number: team.number,
      leaderCookie: leaderCookies[i]!,
    })),
  };
}

/** Median and a percentile (nearest rank) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
