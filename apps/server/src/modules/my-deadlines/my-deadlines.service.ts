import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_PAST_DAYS,
  DUE_SOON_AHEAD_DAYS,
  DUE_SOON_PAST_DAYS,
  myDeadlinePath,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type Language,
  type MyDeadline,
  type MyDeadlinesView,
} from '@teamshuffle/domain';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Db } from '../../plugins/database.ts';
import { writeCalendar } from './ical.ts';
import {
  type DeadlineReader,
  type DeadlineRow,
  deleteFeed,
  feedCreatedAt,
  findFeedReader,
  loadDeadlines,
  saveFeed,
} from './my-deadlines.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes: 43 base64url characters. */
const TOKEN_BYTES = 32;
/** What a feed address's last segment must look like (anything else is a 404 without a query). */
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** The reader of a signed-in, verified user: their verified e-mail finds them on rosters. */
export function readerOf(user: SessionUser): DeadlineReader {
  return {
    userId: user.id,
    verifiedEmail: user.emailVerified ? user.email.trim().toLowerCase() : null,
  };
}

function present(row: DeadlineRow): MyDeadline {
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    assignmentType: row.assignmentType,
    workspace: { id: row.workspaceId, title: row.workspaceTitle, slug: row.workspaceSlug },
    deadline: new Date(row.deadline).toISOString(),
    role: row.isOwner ? 'owner' : 'member',
    state: row.isOwner ? null : row.state,
    handedIn: row.isOwner ? row.handedIn : null,
    expected: row.isOwner ? row.expected : null,
  };
}

/** "Due soon": the reader's deadlines from 7 days ago to 60 days ahead, earliest first. */
export async function dueSoon(db: Db, reader: DeadlineReader, now: Date): Promise<MyDeadlinesView> {
  const from = new Date(now.getTime() - DUE_SOON_PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + DUE_SOON_AHEAD_DAYS * DAY_MS);
  const rows = await loadDeadlines(db, reader, { from, to });
  return { from: from.toISOString(), to: to.toISOString(), items: rows.map(present) };
}

/** SHA-256 of a token, hex: all the database keeps of it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The address of a feed token. */
export function feedUrl(publicUrl: string, token: string): string {
  return new URL(`/api/calendar/${token}.ics`, publicUrl).toString();
}

/**
 * Makes the user's feed, or a new address for it (the old one stops working at once), its words
 * in `language` (the app's, as the user asked; decision 0041).
 */
export async function createFeed(
  db: Db,
  user: SessionUser,
  publicUrl: string,
  language: Language,
): Promise<CalendarFeedCreated> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const createdAt = await saveFeed(db, user.id, hashToken(token), language);
  return { url: feedUrl(publicUrl, token), createdAt: createdAt.toISOString() };
}

/** Whether the user has a feed. */
export async function feedStatus(db: Db, user: SessionUser): Promise<CalendarFeedStatus> {
  const createdAt = await feedCreatedAt(db, user.id);
  return { isActive: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
}

/** Turns the feed off (its address answers 404 from now on); off already is no error. */
export async function removeFeed(db: Db, user: SessionUser): Promise<void> {
  await deleteFeed(db, user.id);
}

/** The feed's words, in its language (decision 0041). */
const FEED_WORDS: Record<
  Language,
  { name: string; due: (kind: MyDeadline['kind'], workspace: string) => string }
> = {
  en: {
    name: 'Teamshuffle deadlines',
    due: (kind, workspace) =>
      `${kind === 'assignment' ? 'Assignment' : 'Task'} due in ${workspace}.`,
  },
  ko: {
    name: 'Teamshuffle 마감',
    due: (kind, workspace) =>
      `${workspace}의 ${kind === 'assignment' ? '과제' : '노트 과제'} 마감입니다.`,
  },
};

/**
 * The feed of a token's file name (`<token>.ics`): every deadline of its owner from 30 days ago
 * on, as iCalendar text; null for a token that is malformed, replaced, turned off or unknown.
 */
export async function calendarOf(
  db: Db,
  file: string,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<string | null> {
  const token = FEED_FILE.exec(file)?.[1];
  if (token === undefined) return null;
  const reader = await findFeedReader(db, hashToken(token));
  if (!reader) return null;
  const from = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
  const rows = await loadDeadlines(db, reader, { from, to: null });
  const host = new URL(publicUrl).host;
  const words = FEED_WORDS[reader.language];
  return writeCalendar(
    { name: words.name, stamp: now },
    rows.map((row) => {
      const item = present(row);
      const deadline = new Date(item.deadline);
      const url = new URL(myDeadlinePath(item), publicUrl).toString();
      return {
        // Stable per item: the kind and its id, at this app's host.
        uid: `${item.kind}-${item.id}@${host}`,
        // RFC 5545 wants DTEND later than DTSTART: a deadline is its minute.
        start: deadline,
        end: new Date(deadline.getTime() + 60_000),
        summary: `${item.workspace.title}: ${item.title}`,
        description: `${words.due(item.kind, item.workspace.title)}\n${url}`,
        url,
        lastModified: new Date(row.updatedAt),
      };
    }),
  );
}
