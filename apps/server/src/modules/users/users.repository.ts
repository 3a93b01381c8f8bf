import type { Language } from '@teamshuffle/domain';
import { and, eq, sql } from 'drizzle-orm';
import { statement } from '../../db/prepared.ts';
import type { Db } from '../../plugins/database.ts';
import { account, session, user, userPreferences } from './users.table.ts';

/** Whether the account exists and is disabled. */
export async function isUserDisabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabled: user.disabled }).from(user).where(eq(user.id, userId));
  return row?.disabled ?? false;
}

/** Stamps the last sign-in time. */
export async function recordLogin(db: Db, userId: string): Promise<void> {
  await db
    .update(user)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(user.id, userId));
}

/** The user row with whether it has a password (a credential account). */
export async function findUserWithPassword(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      disabled: user.disabled,
      passwordHash: account.password,
    })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.id, userId));
  return row;
}

/** What GET /api/me shows of a user. */
export type MeRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  phoneNumber: string | null;
  phoneNumberVerified: boolean | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  hasPassword: boolean;
};

// Every page asks GET /api/me (and the server asks it for each page it renders): a prepared
// statement (db/prepared.ts), planned once, instead of a Drizzle query planned on every call.
const ME = {
  name: 'me',
  text: `select u.id, u.name, u.email, u.email_verified as "emailVerified", u.image,
      u.phone_number as "phoneNumber", u.phone_number_verified as "phoneNumberVerified",
      u.created_at as "createdAt", u.last_login_at as "lastLoginAt",
      exists (select 1 from account a where a.user_id = u.id and a.provider_id = 'credential'
        and a.password is not null) as "hasPassword"
    from "user" u where u.id = $1::text`,
} as const;

/** The user as GET /api/me shows them, or undefined. */
export async function findMe(db: Db, userId: string): Promise<MeRow | undefined> {
  const [row] = await statement<MeRow>(db, ME)([userId]);
  return row;
}

/**
 * Deletes the user and, through `on delete cascade`, every session, account link and row the
 * user owns, in one statement (atomic on its own): their own workspaces with everything in them.
 * Work they handed in to other people's workspaces stays there (`files.uploader_id`,
 * `submitted_by`, `task_submissions.user_id` are set null: "Deleted account"), charged to no one
 * (decision 0016). Files of no workspace are the account's alone and go with it.
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from files where uploader_id = ${userId} and workspace_id is null`);
    const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
    return deleted.length === 1;
  });
}

export type SessionWithUser = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phoneNumberVerified: boolean;
  disabled: boolean;
};

/** The columns of a `SessionWithUser`, for a statement reading session `s` joined to user `u`. */
export const SESSION_WITH_USER_COLUMNS = `s.id as "sessionId", s.expires_at as "expiresAt",
  u.id as "userId", u.name, u.email, u.email_verified as "emailVerified",
  u.phone_number_verified as "phoneNumberVerified", u.disabled`;

type MaybeSessionRow = { [K in keyof SessionWithUser]: SessionWithUser[K] | null };

/**
 * The session in a row read with SESSION_WITH_USER_COLUMNS through outer joins (all null when
 * there was none), without the row's other columns.
 */
export function sessionOf(row: MaybeSessionRow): SessionWithUser | undefined {
  if (row.sessionId === null) return undefined;
  return {
    sessionId: row.sessionId,
    expiresAt: row.expiresAt!,
    userId: row.userId!,
    name: row.name!,
    email: row.email!,
    emailVerified: row.emailVerified!,
    phoneNumberVerified: row.phoneNumberVerified!,
    disabled: row.disabled!,
  };
}

// On nearly every request: a prepared statement (db/prepared.ts), not a Drizzle query.
const SESSION_WITH_USER = {
  name: 'session_with_user',
  text: `select ${SESSION_WITH_USER_COLUMNS}
    from session s join "user" u on u.id = s.user_id
    where s.token = $1::text`,
} as const;

/** The session with this token and its user, in one query (the fast path of every request). */
export async function findSessionWithUser(
  db: Db,
  token: string,
): Promise<SessionWithUser | undefined> {
  const [row] = await statement<SessionWithUser>(db, SESSION_WITH_USER)([token]);
  return row;
}

/** Ends every session of a user (a disabled account is signed out everywhere). */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}

/** The caller's stored preferences, or undefined when never set. */
export async function findPreferences(db: Db, userId: string) {
  const [row] = await db
    .select({
      lectureNoteSortOrder: userPreferences.lectureNoteSortOrder,
      emailNotifications: userPreferences.emailNotifications,
      reminderMail: userPreferences.reminderMail,
      language: userPreferences.language,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row;
}

/** Stores the given preferences of the caller (the row is created on first use). */
export async function upsertPreferences(
  db: Db,
  userId: string,
  values: {
    lectureNoteSortOrder?: string;
    emailNotifications?: boolean;
    reminderMail?: string;
    language?: Language | null;
  },
) {
  await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/**
 * Records the language an account uses the app in (decision 0041: its mails are written in it):
 * a language the app chose (its cookie) replaces the stored one; a browser's guess only fills in
 * an unknown one, so a sign-in from a mail link in another browser keeps a chosen language. A
 * sign-in that changes nothing writes and locks nothing.
 */
export async function rememberLanguage(
  db: Db,
  userId: string,
  { language, isChosen }: { language: Language; isChosen: boolean },
) {
  await db.execute(sql`
    insert into user_preferences (user_id, language)
    select ${userId}, ${language}
    where not exists (
      select 1 from user_preferences
      where user_id = ${userId}
        and (language = ${language} or (not ${isChosen} and language is not null)))
    on conflict (user_id) do update set language = excluded.language, updated_at = now()`);
}
