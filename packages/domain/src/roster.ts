import { z } from 'zod';
import { TEXT_RULES, text } from './text.ts';

// Roster changes in a running workspace (issue 24, "Changing teams", decision 0019): the owner
// adds, removes, moves and renames members; each change, and each leader change, is written to an
// activity log the owner reads page by page. Used by the server's routes (and so the OpenAPI
// document), the web client and its forms.

/** A member's name as the owner types it (the shuffle's rule: trimmed, required, one line). */
export const rosterMemberName = text(TEXT_RULES.memberName, {
  required: 'A member needs a name',
});

// An e-mail as the owner types it: blank means none; surrounding spaces are not a mistake.
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]));

/** Add a member: a name, an optional e-mail, and a team of the workspace (or none). */
export const rosterAddInput = z.object({
  name: rosterMemberName,
  email: optionalEmail.optional(),
  teamId: z.uuid('Choose a team').nullable(),
});
export type RosterAddInput = z.input<typeof rosterAddInput>;

/** Move a member to another team of the workspace. */
export const rosterMoveInput = z.object({ teamId: z.uuid('Choose a team') });
export type RosterMoveInput = z.input<typeof rosterMoveInput>;

/** Rename a member. */
export const rosterRenameInput = z.object({ name: rosterMemberName });
export type RosterRenameInput = z.input<typeof rosterRenameInput>;

/** What a roster change answers: the member, where they are now, and what changed with them. */
export const rosterChangeResult = z.object({
  memberId: z.string(),
  name: z.string(),
  /** The member's team after the change (null: no team, or removed). */
  teamNumber: z.number().nullable(),
  /** False when the request asked for what already was (moved to their own team, same name). */
  isChanged: z.boolean(),
  /** The team the member led and no longer leads (moved or removed), so the owner is told. */
  leaderOfTeamNumber: z.number().nullable(),
  /** Individual task answers that now show under the member's new team (a move). */
  individualWorkMoved: z.number(),
});
export type RosterChangeResult = z.infer<typeof rosterChangeResult>;

/** Every kind of roster change the activity log records. */
export const ROSTER_EVENT_KINDS = [
  'member_added',
  'member_removed',
  'member_moved',
  'member_renamed',
  'leader_changed',
  /** A student claimed a roster entry (joining, issue 24), written by that module. */
  'member_claimed',
  /** The owner undid a claim made through joining: the entry's e-mail was cleared. */
  'member_claim_undone',
] as const;
export type RosterEventKind = (typeof ROSTER_EVENT_KINDS)[number];

/** One side (before or after) of a logged change: only the facts the change touched. */
export const rosterEventState = z.object({
  name: z.string().optional(),
  email: z.string().nullable().optional(),
  teamNumber: z.number().nullable().optional(),
  /** For leader changes: the team's leader's name (null: no leader). */
  leaderName: z.string().nullable().optional(),
  /** The team the member led (moves and removals). */
  leaderOfTeamNumber: z.number().nullable().optional(),
});
export type RosterEventState = z.infer<typeof rosterEventState>;

/** One entry of the activity log: who did what to whom, when, before and after. */
export const rosterEvent = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(ROSTER_EVENT_KINDS),
  /** Who made the change (null once their account is gone). */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The member changed, named as they were then. */
  memberName: z.string().nullable(),
  before: rosterEventState.nullable(),
  after: rosterEventState.nullable(),
  /** For moves and removals: who was in the member's old team at that moment (names). */
  teamThen: z.array(z.string()).nullable(),
});
export type RosterEvent = z.infer<typeof rosterEvent>;

/** Most entries one page of the activity log holds. */
export const ROSTER_LOG_PAGE_MAX = 100;

/** GET .../roster/activity: newest first, `before` the id of the last entry of the previous page. */
export const rosterLogQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ROSTER_LOG_PAGE_MAX).default(20),
});
export type RosterLogQuery = z.input<typeof rosterLogQuery>;

/** One page of the activity log and the cursor of the next one (null: no older entries). */
export const rosterLogPage = z.object({
  entries: z.array(rosterEvent),
  nextBefore: z.string().nullable(),
});
export type RosterLogPage = z.infer<typeof rosterLogPage>;

/** One period of a member in a team (the membership history; `until` null: still there). */
export const teamMembershipPeriod = z.object({
  memberId: z.string(),
  name: z.string(),
  teamNumber: z.number(),
  from: z.string(),
  until: z.string().nullable(),
  /** The period ended because the member was removed from the course. */
  hasLeft: z.boolean(),
});
export type TeamMembershipPeriod = z.infer<typeof teamMembershipPeriod>;

/** GET .../roster/memberships: every period, newest first. */
export const teamMembershipHistory = z.array(teamMembershipPeriod);
