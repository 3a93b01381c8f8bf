import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from './constants.ts';
import { text, TEXT_RULES } from './text.ts';

// The notifications API's contract (spec part 1: the bell, /notifications, the Notification
// entity; issue 13: written by the server, paged by the database, pushed live).

/**
 * Each kind of notification words and the names of its values (decision 0041): a notification
 * carries which words it says and their values, and the reader's app writes them in the reader's
 * language; its English title and message stay beside them for what cannot (mail, rows written
 * before, announcements). Dates are ISO strings, written in the reader's language and zone;
 * `team` is a team's number.
 */
export const NOTIFICATION_TEXTS = {
  assignmentCreated: ['assignment'],
  taskPublished: ['task', 'note'],
  teamSubmitted: ['team', 'work'],
  memberSubmitted: ['member', 'team', 'work'],
  storageHigh: ['percent'],
  rosterJoined: ['workspace'],
  rosterMemberJoined: ['name', 'email', 'workspace'],
  linkJoined: ['name', 'member', 'workspace'],
  joinRequested: ['name', 'member', 'workspace'],
  joinApproved: ['member', 'workspace'],
  joinDeclined: ['member', 'workspace'],
  graded: ['work'],
  teamGraded: ['team', 'work'],
  peerResults: ['evaluation', 'workspace'],
  peerToAnswer: ['evaluation', 'endsAt'],
  deadlineDue: ['work', 'dueAt', 'timeZone'],
  teamDeadlineDue: ['team', 'work', 'dueAt', 'timeZone'],
  invited: ['owner', 'workspace'],
} as const satisfies Record<string, readonly string[]>;

export type NotificationTextKey = keyof typeof NOTIFICATION_TEXTS;

export type NotificationTextValues = {
  [K in NotificationTextKey]: Record<(typeof NOTIFICATION_TEXTS)[K][number], string>;
};

/** A notification's words, as written: a key and its values. */
export type NotificationText = {
  [K in NotificationTextKey]: { key: K; values: NotificationTextValues[K] };
}[NotificationTextKey];

/** A notification's words of the given kind (typed: the values its words need). */
export function notificationText<K extends NotificationTextKey>(
  key: K,
  values: NotificationTextValues[K],
): NotificationText {
  return { key, values };
}

/**
 * The words as the API gives them: any key and text values, so a row written by another version
 * of the server still reads (the app shows the English title of words it does not know).
 */
export const notificationTextView = z.object({
  key: z.string(),
  values: z.record(z.string(), z.string()),
});
export type NotificationTextView = z.infer<typeof notificationTextView>;

/** Whether the API's words are of a kind this version knows, with every value that kind needs. */
export function isKnownNotificationText(text: NotificationTextView): text is NotificationText {
  if (!Object.hasOwn(NOTIFICATION_TEXTS, text.key)) return false;
  const names: readonly string[] = NOTIFICATION_TEXTS[text.key as NotificationTextKey];
  return names.every((name) => typeof text.values[name] === 'string');
}

/** What a notification is about, to open it (spec part 1, section 3: data). */
export const notificationData = z.object({
  workspaceId: z.string().nullable(),
  assignmentId: z.string().nullable(),
  noteId: z.string().nullable(),
  teamName: z.string().nullable(),
  /** The deadline a deadline reminder is about (issue 26); absent or null for other types. */
  dueAt: z.string().nullable().optional(),
  /** Its words in the reader's language (decision 0041); absent or null: the title and message. */
  text: notificationTextView.nullable().optional(),
});
export type NotificationData = z.infer<typeof notificationData>;

/** One notification as its owner sees it. */
export const notificationView = z.object({
  id: z.string(),
  /** Keyset position, newest highest: the page cursor and the live stream's event id. */
  seq: z.number(),
  /** One of NOTIFICATION_TYPES, or anything else (shown as generic with a bell). */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  data: notificationData,
});
export type NotificationView = z.infer<typeof notificationView>;

/** Counts of total, unread and read (spec part 1, section 2). */
export const notificationCounts = z.object({
  total: z.number(),
  unread: z.number(),
  read: z.number(),
});
export type NotificationCounts = z.infer<typeof notificationCounts>;

/** GET /api/notifications: a page, newest first, keyed in the database (not sorted in the browser). */
export const notificationsQuery = z.object({
  /** Only notifications older than this `seq` (the last one of the previous page). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});

export const notificationsPage = z.object({
  items: z.array(notificationView),
  /** The `before` of the next page, or null on the last one. */
  nextBefore: z.number().nullable(),
  counts: notificationCounts,
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** POST /api/admin/announcements: a system announcement to every account (administrators). */
export const announcementInput = z.object({
  title: text(TEXT_RULES.title, { required: 'Please enter a title' }),
  message: text(TEXT_RULES.description, { required: 'Please enter a message' }),
});
export type AnnouncementInput = z.input<typeof announcementInput>;

/** A change the live stream (`/api/events`) pushes: a new notification, or the unread count. */
export type LiveEvent =
  { type: 'notification'; notification: NotificationView } | { type: 'unread'; unread: number };

/** What the signed-in landing page shows (issue 13: real figures, not the spec's zeros). */
export const dashboardView = z.object({
  name: z.string(),
  stats: z.object({
    workspacesCreated: z.number(),
    workspacesJoined: z.number(),
    savedResults: z.number(),
    unreadNotifications: z.number(),
  }),
  /** Latest notes, assignments, submissions and evaluations across the user's workspaces. */
  activity: z.array(
    z.object({
      kind: z.enum(['note', 'assignment', 'submission', 'evaluation']),
      title: z.string(),
      at: z.string(),
      workspace: z.object({ id: z.string(), title: z.string() }),
      teamNumber: z.number().nullable(),
    }),
  ),
  notifications: z.array(notificationView),
});
export type DashboardView = z.infer<typeof dashboardView>;
