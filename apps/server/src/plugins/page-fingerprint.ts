// A repeat view of a workspace page checked in one query (issue 22, decision 0013): everything
// the page's first screen is rendered from (GET /api/me, the bell's counts, the workspace detail
// as the visitor sees it), read in one statement as a fingerprint, instead of asking the API for
// the three answers again.
import { createHash } from 'node:crypto';
import { isUuid, meResponse, notificationCounts, workspaceDetail } from '@teamshuffle/domain';
import { statement } from '../db/prepared.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../modules/auth/auth.ts';
import { WORKSPACE_FACTS } from '../modules/workspace-access/workspace-access.repository.ts';
import type { Db } from './database.ts';

// The workspace's facts statement itself (the one GET /api/workspaces/:id answers from: the
// session and its user, the workspace row, its detail and account versions, the caller's roster
// entry and preferences), so whatever it reads is in the fingerprint; then the whole user row
// (GET /api/me), whether the account has a password, and the bell's counts with the newest
// notification's number. One statement: one snapshot.
const PAGE_FINGERPRINT = {
  name: 'page_fingerprint',
  text: `select f.*, to_jsonb(u) as "user",
      exists (select 1 from account a where a.user_id = u.id and a.provider_id = 'credential'
        and a.password is not null) as "hasPassword",
      c.total, c.unread, c.last_seq as "lastSeq"
    from (${WORKSPACE_FACTS.text}) f
    left join "user" u on u.id = f."userId"
    cross join lateral (
      select count(*)::int as total, (count(*) filter (where not n.is_read))::int as unread,
        max(n.seq)::text as last_seq
      from notifications n where n.user_id = f."userId"
    ) c`,
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

/** What a kept page was rendered from, as read in one statement. */
export type PageFingerprint = { key: string; row: FingerprintRow };

/**
 * Columns that change without changing the page: the session's expiry (moved by each renewal,
 * checked instead) and the sections' content version (the sections are not in the page).
 */
const NOT_IN_THE_PAGE = new Set(['expiresAt', 'contentVersion']);

/** The workspace id of a page address `/workspace/{id}[/section...]`, or null. */
export function workspaceIdAt(pathname: string): string | null {
  const [, first, id] = pathname.split('/');
  if (first !== 'workspace' || !id) return null;
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
 * The fingerprint of the visitor's workspace page, or null when the session is not one the API
 * would take as it is: none, expired, a disabled account (the API signs it out), or due for
 * renewal (the API renews it and the browser must get the new cookie): those take the slow path,
 * whose API calls apply the session rules.
 */
export async function readPageFingerprint(
  db: Db,
  token: string | undefined,
  workspaceId: string,
  now = Date.now(),
): Promise<PageFingerprint | null> {
  if (!token) return null;
  const [row] = await statement<FingerprintRow>(
    db,
    PAGE_FINGERPRINT,
  )([workspaceId, token, null, null]);
  if (!row || row.sessionId === null || row.expiresAt === null || row.disabled !== false) {
    return null;
  }
  const expiresAt = new Date(row.expiresAt).getTime();
  const renewsAt =
    expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000;
  if (expiresAt <= now || renewsAt <= now) return null;
  const hash = createHash('sha256');
  for (const column of Object.keys(row).sort()) {
    if (NOT_IN_THE_PAGE.has(column)) continue;
    hash.update(`${column}\n${JSON.stringify(row[column] ?? null)}\n`);
  }
  return { key: hash.digest('base64url'), row };
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
