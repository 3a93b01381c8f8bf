// What the assignments and live benches do as a browser would: sign up and verify through the dev
// outbox (or, for an app in production, a bench SMTP server), JSON and multipart requests with the
// app's Origin, a course of teams with verified leaders (and members, when asked). (The same steps
// as notes.bench.ts, shared here so the newer benches do not copy them.)
import { randomBytes } from 'node:crypto';
import { formTeams } from '@teamshuffle/domain';
import { firstLink, startSmtpServer } from '../../apps/server/test/smtp.ts';

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

/** Where the bench reads the verification link the app mails to an address. */
export type Mailbox = { linkFor: (url: string, email: string) => Promise<string> };

/** The dev outbox (`GET /api/dev/outbox`): an app outside production, on loopback. */
export const devOutbox: Mailbox = {
  linkFor: async (url, email) => {
    const outbox = (await (await fetch(`${url}/api/dev/outbox`)).json()) as Array<{
      to: string;
      link: string | null;
    }>;
    const link = outbox.find((message) => message.to === email && message.link)?.link;
    if (!link) throw new Error(`no verification link for ${email}`);
    return link;
  },
};

/**
 * An SMTP server in the bench process for an app with `NODE_ENV=production` (which has no dev
 * outbox): give the app `smtpUrl` as SMTP_URL; `close` when done.
 */
export async function smtpMailbox(): Promise<
  Mailbox & { smtpUrl: string; close: () => Promise<void> }
> {
  const smtp = await startSmtpServer();
  return {
    smtpUrl: smtp.smtpUrl,
    linkFor: async (_url, email) => firstLink((await smtp.waitForMail(email, 30_000)).text),
    close: smtp.close,
  };
}

/** Signs up with e-mail and password and follows the verification link from `mailbox`. */
export async function verifiedAccount(
  url: string,
  email: string,
  name: string,
  mailbox: Mailbox = devOutbox,
): Promise<string> {
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name, email, password: 'bench-password-1', callbackURL: '/' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = await mailbox.linkFor(url, email);
  const { pathname, search } = new URL(link);
  const cookie = cookiesOf(await fetch(`${url}${pathname}${search}`, { redirect: 'manual' }));
  if (!cookie) throw new Error(`verification of ${email} gave no session`);
  return cookie;
}

/** `work` over `items`, at most `limit` at a time; the results in the items' order. */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    const batch = items.slice(start, start + limit);
    results.push(...(await Promise.all(batch.map((item, i) => work(item, start + i)))));
  }
  return results;
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
  // 204: no body.
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
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
  /**
   * Sorted by team number, with the cookie of each team's leader and of the plain members that
   * were given accounts (`memberAccounts`), each with their member id.
   */
  teams: Array<{
    id: string;
    number: number;
    leaderCookie: string;
    members: Array<{ memberId: string; cookie: string }>;
  }>;
};

export type CourseOptions = {
  /** Where the verification mails arrive (the dev outbox by default). */
  mailbox?: Mailbox;
  /**
   * How many plain members (not leaders) get a verified account with their member e-mail set, so
   * that they can sign in as members of the workspace: the first plain member of each team, then
   * the second, and so on (0 by default).
   */
  memberAccounts?: number;
};

/** Sign-ups at once: each hashes a password on the server, so a few at a time. */
const SIGN_UPS_AT_ONCE = 4;

/**
 * A workspace of `members` in `teamCount` teams (the engine's own draw) whose leaders are verified
 * accounts named by the leader e-mails, so that they can submit and the owner can create work.
 */
export async function buildCourse(
  url: string,
  label: string,
  members: number,
  teamCount: number,
  options: CourseOptions = {},
): Promise<Course> {
  const { mailbox = devOutbox, memberAccounts = 0 } = options;
  const stamp = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const ownerCookie = await verifiedAccount(
    url,
    `${label}-owner-${stamp}@example.com`,
    'Owner',
    mailbox,
  );
  const leaderEmails = Array.from(
    { length: teamCount },
    (_, i) => `${label}-leader-${stamp}-${i + 1}@example.com`,
  );
  const leaderCookies = await inBatches(leaderEmails, SIGN_UPS_AT_ONCE, (email, i) =>
    verifiedAccount(url, email, `Leader ${i + 1}`, mailbox),
  );
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
  // Plain members with accounts: the member e-mail set on the team is the account's (verified).
  const largest = Math.max(...teams.map((team) => team.memberIds.length));
  const plain = Array.from({ length: largest }, (_, k) => k + 1)
    .flatMap((k) =>
      teams.flatMap((team) => {
        const memberId = team.memberIds[k];
        return memberId === undefined ? [] : [{ teamId: team.id, memberId }];
      }),
    )
    .slice(0, memberAccounts)
    .map((member) => ({
      ...member,
      email: `${label}-member-${stamp}-${member.memberId}@example.com`,
    }));
  const plainCookies = await inBatches(plain, SIGN_UPS_AT_ONCE, (member) =>
    verifiedAccount(url, member.email, `Member ${member.memberId}`, mailbox),
  );
  for (const team of teams) {
    const entries = plain
      .filter((member) => member.teamId === team.id)
      .map(({ memberId, email }) => ({ memberId, email }));
    if (entries.length === 0) continue;
    await send(url, ownerCookie, 'PUT', `${ws}/teams/${team.id}/member-emails`, { entries }, 200);
  }
  return {
    workspaceId,
    ownerCookie,
    teams: teams.map((team, i) => ({
      id: team.id,
      number: team.number,
      leaderCookie: leaderCookies[i]!,
      members: plain.flatMap((member, k) =>
        member.teamId === team.id ? [{ memberId: member.memberId, cookie: plainCookies[k]! }] : [],
      ),
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
