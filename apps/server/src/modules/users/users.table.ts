import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The tables Better Auth works on (its core schema plus the phone-number plugin's columns and our
// own `last_login_at` and `disabled`). Everything a user owns references `user.id` with
// `on delete cascade`, so deleting the row deletes the account in one statement.

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

// Per-user preferences (spec part 2: userPreferences, created with week-asc when missing).
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    lectureNoteSortOrder: text('lecture_note_sort_order').notNull().default('week-asc'),
    /** Also receive new assignments (and grades) by e-mail (off unless chosen). */
    emailNotifications: boolean('email_notifications').notNull().default(false),
    /** Deadline reminders by e-mail: at once, in a daily digest, or none (issue 26, migration 0039). */
    reminderMail: text('reminder_mail').notNull().default('none'),
    /**
     * The language the account last used the app in: its notification mails are written in it
     * (decision 0041, migration 0044); null until known (English).
     */
    language: text('language'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'user_preferences_sort_order',
      sql`${table.lectureNoteSortOrder} in ('week-asc', 'week-desc', 'created-asc', 'created-desc')`,
    ),
    check(
      'user_preferences_reminder_mail',
      sql`${table.reminderMail} in ('immediate', 'digest', 'none')`,
    ),
    check(
      'user_preferences_language',
      sql`${table.language} is null or ${table.language} in ('en', 'ko')`,
    ),
  ],
);

/**
 * What a user's own part of a workspace page is at (issue 22, decision 0035, migration 0041):
 * bumped by triggers in the transaction of every change to what the page shows of them: their
 * user row, whether an account gives a password, their preferences, their notifications' number
 * and read state. Every user has a row. A kept page is sent again only at the same number.
 */
export const userPageVersions = pgTable('user_page_versions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
