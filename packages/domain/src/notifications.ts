import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from './constants.ts';
import { text, TEXT_RULES } from './text.ts';

// The notifications API's contract (spec part 1: the bell, /notifications, the Notification
// entity; issue 13: written by the server, paged by the database, pushed live).

/** What a notification is about, to open it (spec part 1, section 3: data). */
export const notificationData = z.object({
  workspaceId: z.string().nullable(),
  assignmentId: z.string().nullable(),
  noteId: z.string().nullable(),
  teamName: z.string().nullable(),
  /** The deadline a deadline reminder is about (issue 26); absent or null for other types. */
  dueAt: z.string().nullable().optional(),
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
