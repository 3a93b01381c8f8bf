// A repeat view of a workspace page checked in one query (issue 22, decisions 0013 and 0035):
// what the page's first screen is rendered from (GET /api/me, the bell's counts, the workspace
// detail as the visitor sees it) is numbered by versions that triggers bump with every change, and
// a repeat view reads those numbers as the page's key instead of asking the API for the three
// answers again.
import {
  isPathWord,
  isUuid,
  meResponse,
  notificationCounts,
  workspaceDetail,
} from '@teamshuffle/domain';
import { statement } from '../db/prepared.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../modules/auth/auth.ts';
import { WORKSPACE_FACTS } from '../modules/workspace-access/workspace-access.repository.ts';
import type { Db } from './database.ts';

// The workspace's facts statement itself (the one GET /api/workspaces/:id answers from: the
// session and its user, the workspace row, its detail and account versions, the caller's roster
// entry and preferences), then the whole user row (GET /api/me), whether the account has a
// password, the bell's counts with the newest notification's number, and the user's page version.
// One statement: one snapshot. Read after a page's API answers, to check them against it.
const PAGE_ROW = `select f.*, to_jsonb(u) as "user",
      exists (select 1 from account a where a.user_id = u.id and a.provider_id = 'credential'
        and a.password is not null) as "hasPassword",
      c.total, c.unread, c.last_seq as "lastSeq", v.version::text as "userVersion"
    from (${WORKSPACE_FACTS.text}) f
    left join "user" u on u.id = f."userId"
    left join user_page_versions v on v.user_id = f."userId"
    cross join lateral (
      select count(*)::int as total, (count(*) filter (where not n.is_read))::int as unread,
        max(n.seq)::text as last_seq
      from notifications n where n.user_id = f."userId"
    ) c`;

/**
 * The page's key, from version numbers (decision 0035, migration 0041): the session, what the
 * workspace's part of the page is at (`detail_version`: its row, teams and roster; the accounts
 * the roster shows), and what the visitor's own part is at (`user_page_versions`: their user row,
 * sign-in accounts, preferences and notifications). Each is bumped by triggers in the transaction
 * of every change to what it numbers, and only grows: the same key, the same page. (Their roster
 * entry and role follow from the roster and their verified e-mail, so from the same numbers.)
 * Written over a relation `k` with these four columns as text.
 */
const PAGE_KEY = `concat_ws(':', k."sessionId", coalesce(k."detailVersion", '-'),
  coalesce(k."accountsVersion", '-'), coalesce(k."userVersion", '0'))`;

/** The whole row with its key. */
const PAGE_FINGERPRINT = {
  name: 'page_fingerprint',
  text: `select k.*, ${PAGE_KEY} as "pageKey" from (${PAGE_ROW}) k`,
} as const;

/**
 * The session's state and the key alone: what a repeat view needs, read by keys only
 * (no roster match, no counts: about a quarter of the whole row's cost in PostgreSQL).
 */
const PAGE_KEY_ONLY = {
  name: 'page_fingerprint_key',
  text: `select k."sessionId", k."expiresAt", k.disabled, ${PAGE_KEY} as "pageKey"
    from (
      select s.id as "sessionId", s.expires_at as "expiresAt", u.disabled,
        w.detail_version::text as "detailVersion",
        (select a.version from account_detail_version a where a.id = 1)::text as "accountsVersion",
        v.version::text as "userVersion"
      from (select $2::text as token) arg
      left join session s on s.token = arg.token
      left join "user" u on u.id = s.user_id
      left join workspaces w on w.id = $1::uuid
      left join user_page_versions v on v.user_id = u.id
    ) k`,
} as const;

type UserRow = {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  phone_number: string | null;
  phone_number_verified: boolean;
  last_login_at: string | null;
};

type FingerprintRow = Record<string, unknown> & {
  sessionId: string | null;
  expiresAt: Date | string | null;
  userId: string | null;
  disabled: boolean | null;
  id: string | null;
  slug: string | null;
  title: string | null;
  isPublic: boolean | null;
  groupSize: number | null;
  /** The course calendar (decision 0029): the page's dates are written in its zone. */
  timeZone: string | null;
  semesterStart: string | null;
  reminderHoursBefore: number | null;
  memberId: string | null;
  memberTeamId: string | null;
  sortOrder: string | null;
  user: UserRow | null;
  hasPassword: boolean;
  total: number;
  unread: number;
};

/** The session's state as read with a page's key. */
type SessionState = {
  sessionId: string | null;
  expiresAt: Date | string | null;
  disabled: boolean | null;
  pageKey: string | null;
};

/** The key of what a visitor's page is rendered from: the same key, the same page. */
export type PageKey = { key: string };

/** What a kept page was rendered from, as read in one statement, with its key. */
export type PageFingerprint = PageKey & { row: FingerprintRow };

/** The workspace id of a page address `/workspace/{id}[/section...]`, or null. */
export function workspaceIdAt(pathname: string): string | null {
  const [, first, id] = pathname.split('/');
  if (!isPathWord(first, 'workspace') || !id) return null;
  try {
    const decoded = decodeURIComponent(id);
    return isUuid(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** The API calls the workspace page's first screen makes for a verified visitor. */
export function workspacePagePaths(workspaceId: string): string[] {
  return [
    '/api/me',
    '/api/notifications/counts',
    `/api/workspaces/${encodeURIComponent(workspaceId)}`,
  ];
}

/**
 * Whether a session read with a page's key is one the API would take as it is: not none, not
 * expired, not a disabled account's (the API signs it out), not due for renewal (the API renews
 * it and the browser must get the new cookie). The others take the slow path, whose API calls
 * apply the session rules.
 */
function isTakenAsItIs(
  row: SessionState | undefined,
  now: number,
): row is SessionState & {
  expiresAt: Date | string;
  pageKey: string;
} {
  if (!row || row.sessionId === null || row.expiresAt === null || row.disabled !== false) {
    return false;
  }
  if (row.pageKey === null) return false;
  const expiresAt = new Date(row.expiresAt).getTime();
  const renewsAt =
    expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000;
  return expiresAt > now && renewsAt > now;
}

/**
 * The key of the visitor's workspace page (one statement, four columns), or null when the
 * session is not one the API would take as it is (`isTakenAsItIs`).
 */
export async function readPageKey(
  db: Db,
  token: string | undefined,
  workspaceId: string,
  now = Date.now(),
): Promise<PageKey | null> {
  if (!token) return null;
  const [row] = await statement<SessionState>(db, PAGE_KEY_ONLY)([workspaceId, token]);
  return isTakenAsItIs(row, now) ? { key: row.pageKey } : null;
}

/**
 * The fingerprint of the visitor's workspace page: the whole row (to check the API's answers
 * against) with the same key as `readPageKey`'s, or null as there.
 */
export async function readPageFingerprint(
  db: Db,
  token: string | undefined,
  workspaceId: string,
  now = Date.now(),
): Promise<PageFingerprint | null> {
  if (!token) return null;
  const [read] = await statement<FingerprintRow & SessionState>(
    db,
    PAGE_FINGERPRINT,
  )([workspaceId, token, null, null]);
  if (!isTakenAsItIs(read, now)) return null;
  const { pageKey, ...row } = read;
  return { key: pageKey, row };
}

/** The same instant, whatever the precision (the API's ISO strings keep milliseconds). */
function isSameTime(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.floor(new Date(a).getTime()) === Math.floor(new Date(b).getTime());
}

/**
 * Whether the API's answers (body by path) show what the fingerprint's row holds. A page is kept
 * for a fingerprint only when they do, and when the same fingerprint was read before and after
 * the answers: the versions only grow, so the detail did not change in between, and a value that
 * changed and changed back while the answers were asked would show here.
 */
export function answersMatch(
  fingerprint: PageFingerprint,
  workspaceId: string,
  bodies: ReadonlyMap<string, Buffer>,
): boolean {
  const { row } = fingerprint;
  const paths = workspacePagePaths(workspaceId);
  if (bodies.size !== paths.length || paths.some((path) => !bodies.has(path))) return false;
  const [mePath, countsPath, detailPath] = paths as [string, string, string];
  try {
    const me = meResponse.safeParse(JSON.parse(bodies.get(mePath)!.toString())).data?.user;
    const counts = notificationCounts.safeParse(
      JSON.parse(bodies.get(countsPath)!.toString()),
    ).data;
    const detail = workspaceDetail.safeParse(JSON.parse(bodies.get(detailPath)!.toString())).data;
    const user = row.user;
    if (!me || !counts || !detail || !user) return false;
    return (
      me.id === row.userId &&
      me.id === user.id &&
      me.displayName === user.name &&
      (me.email === null || me.email === user.email) &&
      me.emailVerified === user.email_verified &&
      me.phoneNumber === user.phone_number &&
      me.photoUrl === user.image &&
      isSameTime(me.lastLoginAt, user.last_login_at) &&
      me.isVerified === (user.email_verified || user.phone_number_verified) &&
      me.hasPassword === row.hasPassword &&
      counts.total === row.total &&
      counts.unread === row.unread &&
      detail.id === row.id &&
      detail.slug === row.slug &&
      detail.title === row.title &&
      detail.isPublic === row.isPublic &&
      detail.groupSize === row.groupSize &&
      detail.timeZone === row.timeZone &&
      detail.semesterStart === row.semesterStart &&
      detail.reminderHoursBefore === row.reminderHoursBefore &&
      detail.myMemberId === row.memberId &&
      detail.myTeamId === row.memberTeamId &&
      (row.sortOrder === null || detail.preferences.lectureNoteSortOrder === row.sortOrder)
    );
  } catch {
    return false;
  }
}
