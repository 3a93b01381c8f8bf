import {
  AppError,
  isLanguage,
  isLectureNoteSortOrder,
  isReminderMail,
  LECTURE_NOTE_SORT_ORDER_DEFAULT,
  type PreferencesUpdate,
  type MeView,
  type Preferences,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import type { Auth } from '../auth/auth.ts';
import { PHONE_EMAIL_DOMAIN } from '../auth/auth.ts';
import {
  deleteUser,
  findPreferences,
  findMe,
  findUserWithPassword,
  upsertPreferences,
} from './users.repository.ts';

/** Reads the user's own record (an explicit mapping: no hashes, no internal flags). */
export async function getMe(db: Db, userId: string): Promise<MeView> {
  const row = await findMe(db, userId);
  if (!row) throw new AppError('unauthenticated');
  const isPhoneOnly = row.email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
  return {
    id: row.id,
    displayName: row.name,
    email: isPhoneOnly ? null : row.email,
    emailVerified: row.emailVerified,
    phoneNumber: row.phoneNumber,
    photoUrl: row.image,
    createdAt: new Date(row.createdAt).toISOString(),
    lastLoginAt: row.lastLoginAt === null ? null : new Date(row.lastLoginAt).toISOString(),
    isVerified: row.emailVerified || row.phoneNumberVerified === true,
    hasPassword: row.hasPassword,
  };
}

/**
 * Deletes the account after the spec's checks (part 1, section 5): DELETE typed exactly, and the
 * password when the account has one. Everything the user owns goes with it.
 */
export async function deleteAccount(
  db: Db,
  auth: Auth,
  userId: string,
  input: { confirmation: string; password?: string | undefined },
): Promise<void> {
  if (input.confirmation !== 'DELETE')
    throw new AppError('delete_confirmation_mismatch', { field: 'confirmation' });
  const row = await findUserWithPassword(db, userId);
  if (!row) throw new AppError('unauthenticated');
  if (row.passwordHash !== null) {
    if (!input.password) throw new AppError('password_required', { field: 'password' });
    const context = await auth.$context;
    const isValid = await context.password.verify({
      hash: row.passwordHash,
      password: input.password,
    });
    if (!isValid) throw new AppError('invalid_password', { field: 'password' });
  }
  await deleteUser(db, userId);
}

/** The caller's preferences (the defaults when never set). */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const stored = await findPreferences(db, userId);
  return {
    lectureNoteSortOrder:
      stored && isLectureNoteSortOrder(stored.lectureNoteSortOrder)
        ? stored.lectureNoteSortOrder
        : LECTURE_NOTE_SORT_ORDER_DEFAULT,
    emailNotifications: stored?.emailNotifications ?? false,
    reminderMail: stored && isReminderMail(stored.reminderMail) ? stored.reminderMail : 'none',
    language: stored && isLanguage(stored.language) ? stored.language : null,
  };
}

/** Stores the preferences given, and answers all of them. */
export async function savePreferences(
  db: Db,
  userId: string,
  update: PreferencesUpdate,
): Promise<Preferences> {
  await upsertPreferences(db, userId, {
    ...(update.lectureNoteSortOrder === undefined
      ? {}
      : { lectureNoteSortOrder: update.lectureNoteSortOrder }),
    ...(update.emailNotifications === undefined
      ? {}
      : { emailNotifications: update.emailNotifications }),
    ...(update.reminderMail === undefined ? {} : { reminderMail: update.reminderMail }),
    ...(update.language === undefined ? {} : { language: update.language }),
  });
  return getPreferences(db, userId);
}
