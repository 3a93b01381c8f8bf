import { z } from 'zod';
import { LECTURE_NOTE_SORT_ORDERS, WORKSPACE_ACCESS_ROLES } from './constants.ts';
import { timeZoneName } from './course-calendar.ts';
import { LANGUAGES } from './languages.ts';
import { resultTitle, shuffleSnapshot } from './results.ts';

// The workspace API's contract: every request and response shape of /api/workspaces and
// /api/preferences, used by the server's routes (and so the OpenAPI document) and by the web
// client, which parses answers with these same schemas.

/**
 * Create Team from a fresh shuffle (saved as a result too) or from a saved result; `timeZone` is
 * the creator's browser zone, the course's zone (issue 26; Asia/Seoul when not given).
 */
export const createWorkspaceInput = z.union([
  z.object({ title: resultTitle, snapshot: shuffleSnapshot, timeZone: timeZoneName.optional() }),
  z.object({ title: resultTitle, resultId: z.uuid(), timeZone: timeZoneName.optional() }),
]);
export type CreateWorkspaceInput = z.input<typeof createWorkspaceInput>;

/** What Create Team answers: the saved result and the new workspace with its link. */
export const createdWorkspace = z.object({
  resultId: z.string(),
  workspace: z.object({ id: z.string(), slug: z.string(), title: z.string(), url: z.string() }),
});
export type CreatedWorkspace = z.infer<typeof createdWorkspace>;

/** A role as the list page shows it: the listed user's own, or 'viewer' for a public one. */
export const WORKSPACE_CARD_ROLES = ['creator', 'leader', 'member', 'viewer'] as const;

/** One card of the list page, as GET /api/workspaces answers it. */
export const workspaceCard = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  /** The listed user's role: the caller's own, or the `?user=` user's. */
  role: z.enum(WORKSPACE_CARD_ROLES),
  isOwnedByViewer: z.boolean(),
  memberCount: z.number(),
  leaderCount: z.number(),
  teamCount: z.number(),
  joinedAt: z.string(),
  teamNumber: z.number(),
  displayOrder: z.number(),
});
export type WorkspaceCard = z.infer<typeof workspaceCard>;

/** The caller's numbering of their workspaces (drag reorder or the '#' button). */
export const workspaceOrderInput = z.object({
  items: z
    .array(z.object({ workspaceId: z.uuid(), teamNumber: z.number().int().min(1).max(100_000) }))
    .max(1000)
    .refine(
      (items) => new Set(items.map((item) => item.workspaceId)).size === items.length,
      'Each workspace can be numbered only once',
    ),
});

const idList = z.array(z.string());

/** A workspace as its detail page shows it (GET /api/workspaces/:id and /by-slug/:slug). */
export const workspaceDetail = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  groupSize: z.number(),
  createdAt: z.string(),
  /**
   * The course calendar (issue 26): the IANA zone its dates are shown in (not re-checked here: a
   * browser whose Intl lacks a zone still reads the page) and the semester's first day.
   */
  timeZone: z.string(),
  semesterStart: z.string(),
  /** Hours before a deadline its reminders go out; 0: none. */
  reminderHoursBefore: z.number(),
  role: z.enum(WORKSPACE_ACCESS_ROLES),
  /** The caller's own roster entry and team, when their verified e-mail is on the roster. */
  myMemberId: z.string().nullable(),
  myTeamId: z.string().nullable(),
  counters: z.object({
    totalMembers: z.number(),
    teams: z.number(),
    groupSize: z.number(),
    fixedGroups: z.number(),
  }),
  teams: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      leaderMemberId: z.string().nullable(),
      memberIds: idList,
    }),
  ),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      teamId: z.string().nullable(),
      /** Null for viewers and signed-out visitors, who never receive addresses. */
      email: z.string().nullable(),
      hasEmail: z.boolean(),
      photoUrl: z.string().nullable(),
      isVerified: z.boolean(),
      isLeader: z.boolean(),
    }),
  ),
  fixedPairs: z.array(z.object({ id: z.string(), memberIds: idList })),
  keepApart: z.array(z.object({ id: z.string(), memberIds: idList })),
  lockedTeams: z.array(z.object({ id: z.string(), memberIds: idList })),
  preferences: z.object({ lectureNoteSortOrder: z.enum(LECTURE_NOTE_SORT_ORDERS) }),
});
export type WorkspaceDetail = z.infer<typeof workspaceDetail>;
export type WorkspaceTeam = WorkspaceDetail['teams'][number];
export type WorkspaceMember = WorkspaceDetail['members'][number];

/** Rename (owner) or change visibility (owner): at least one of the two. */
export const workspaceUpdateInput = z
  .object({ title: resultTitle.optional(), isPublic: z.boolean().optional() })
  .refine((body) => body.title !== undefined || body.isPublic !== undefined, 'Nothing to change');

/** The leader selector: a member of that team, or null to remove the leader. */
export const leaderChangeInput = z.object({ memberId: z.uuid().nullable() });

/** What a leader change answers, for the toast 'Team N leader removed or changed to {name}!'. */
export const leaderChange = z.object({ teamNumber: z.number(), leaderName: z.string().nullable() });
export type LeaderChange = z.infer<typeof leaderChange>;

// spec part 2, section 5: e-mail typed inputs, blanks ignored; surrounding spaces are not a mistake.
const emailOrBlank = z
  .string()
  .trim()
  .max(254)
  .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]));

/** Settings, Team Leaders: one e-mail per team (blank clears it). */
export const leaderEmailsInput = z.object({
  entries: z.array(z.object({ teamId: z.string().min(1).max(64), email: emailOrBlank })).max(100),
});

/** Manage Team Member Emails: one e-mail per member of one team (blank clears it). */
export const memberEmailsInput = z.object({
  entries: z
    .array(z.object({ memberId: z.string().min(1).max(64), email: emailOrBlank }))
    .max(1000),
});

/** What both e-mail saves answer: counts against the current list, and whether anything changed. */
export const emailChangeResult = z.object({
  added: z.number(),
  removed: z.number(),
  isChanged: z.boolean(),
});
export type EmailChangeResult = z.infer<typeof emailChangeResult>;

/** How deadline reminders come by e-mail: each at once, a daily digest, or none (issue 26). */
export const REMINDER_MAIL_CHOICES = ['immediate', 'digest', 'none'] as const;
export type ReminderMail = (typeof REMINDER_MAIL_CHOICES)[number];

/** Whether a stored value is one of REMINDER_MAIL_CHOICES. */
export function isReminderMail(value: string): value is ReminderMail {
  return (REMINDER_MAIL_CHOICES as readonly string[]).includes(value);
}

/** The caller's preferences (created with the defaults when missing). */
export const preferences = z.object({
  lectureNoteSortOrder: z.enum(LECTURE_NOTE_SORT_ORDERS),
  /** Also receive new assignments (and grades) by e-mail (issue 13; off by default). */
  emailNotifications: z.boolean(),
  /** Deadline reminders by e-mail (issue 26, decision 0031; none by default). */
  reminderMail: z.enum(REMINDER_MAIL_CHOICES),
  /**
   * The language the account last used the app in: its notification mails are written in it
   * (decision 0041); null until known (English). The app sends it when its language changes.
   */
  language: z.enum(LANGUAGES).nullable(),
});
export type Preferences = z.infer<typeof preferences>;

/** PUT /api/preferences: the preferences given change (a language, once known, stays one). */
export const preferencesUpdate = preferences
  .extend({ language: z.enum(LANGUAGES) })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type PreferencesUpdate = z.input<typeof preferencesUpdate>;

/**
 * The first e-mail that two roster entries would share (trimmed and case-insensitive, blanks
 * ignored), with the entry that has it first and the one that cannot have it too; null if none.
 */
export function firstDuplicateEmail<T extends { email?: string | null | undefined }>(
  members: readonly T[],
): { email: string; holder: T; other: T } | null {
  const seen = new Map<string, T>();
  for (const member of members) {
    const email = member.email?.trim().toLowerCase();
    if (!email) continue;
    const holder = seen.get(email);
    if (holder) return { email, holder, other: member };
    seen.set(email, member);
  }
  return null;
}
