import { z } from 'zod';
import { workspaceTabPath } from './page-paths.ts';

// The student's week (issue 26, decision 0027): every deadline of the caller across the
// workspaces they belong to, for the dashboard's "Due soon" and the personal calendar feed.

/** "Due soon" lists deadlines from this many days ago… */
export const DUE_SOON_PAST_DAYS = 7;
/** …to this many days ahead. */
export const DUE_SOON_AHEAD_DAYS = 60;
/** The calendar feed lists every deadline from this many days ago on. */
export const CALENDAR_FEED_PAST_DAYS = 30;

/** What has a deadline: an assignment (its end) or a published lecture note's task. */
export const myDeadlineKind = z.enum(['assignment', 'task']);
export type MyDeadlineKind = z.infer<typeof myDeadlineKind>;

/**
 * The caller's own work on an item: nothing handed in, handed in on time, handed in after the
 * deadline, or graded (whether on time or not). Team items: the caller's team's work.
 */
export const myDeadlineState = z.enum(['not_handed_in', 'handed_in', 'late', 'graded']);
export type MyDeadlineState = z.infer<typeof myDeadlineState>;

/** One deadline as the caller sees it. */
export const myDeadline = z.object({
  kind: myDeadlineKind,
  /** The assignment's id, or the lecture note's id for a task. */
  id: z.string(),
  title: z.string(),
  /** Team work (assignments, team tasks) or each member's own (individual tasks). */
  assignmentType: z.enum(['team', 'individual']),
  workspace: z.object({ id: z.string(), title: z.string(), slug: z.string() }),
  /** The deadline, an ISO 8601 instant in UTC. */
  deadline: z.iso.datetime({ offset: true }),
  /** `owner`: the caller runs the course and has no work of their own on it. */
  role: z.enum(['member', 'owner']),
  /** The caller's state as a member; null for the owner. */
  state: myDeadlineState.nullable(),
  /**
   * The owner's count instead of a state: teams (team items) or members (individual tasks) that
   * have handed in, out of `expected`; null for a member.
   */
  handedIn: z.number().int().nullable(),
  expected: z.number().int().nullable(),
});
export type MyDeadline = z.infer<typeof myDeadline>;

/** GET /api/me/deadlines: "Due soon", earliest deadline first, within `from`..`to`. */
export const myDeadlinesView = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  items: z.array(myDeadline),
});
export type MyDeadlinesView = z.infer<typeof myDeadlinesView>;

/** GET /api/me/calendar-feed: whether the caller has a feed (its address is shown only once). */
export const calendarFeedStatus = z.object({
  isActive: z.boolean(),
  /** When the current address was made, ISO 8601; null without a feed. */
  createdAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** POST /api/me/calendar-feed: the new secret address, answered this once. */
export const calendarFeedCreated = z.object({
  url: z.url(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** The web page of an item, inside the app: the note's task or the assignments section. */
export function myDeadlinePath(item: Pick<MyDeadline, 'kind' | 'id' | 'workspace'>): string {
  return item.kind === 'task'
    ? workspaceTabPath(item.workspace.id, 'notes', item.id)
    : workspaceTabPath(item.workspace.id, 'assignments');
}
