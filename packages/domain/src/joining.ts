import { z } from 'zod';
import { invitationStatus } from './invitations.ts';

// Students join on their own (issue 24, "Joining"; docs/decisions/0020-joining.md): a join link
// and a short code per workspace. The code's alphabet, its normal form and every shape the join
// API, the web forms and the owner's panel share.

/** The characters of a join code: capital letters and digits without look-alikes (0/O, 1/I/L). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** How long a code the server makes is (31^8, about 8.5e11 codes). */
export const JOIN_CODE_LENGTH = 8;
/** The shortest and longest code accepted (codes are 6 to 8 characters, issue 24). */
export const JOIN_CODE_MIN_LENGTH = 6;
export const JOIN_CODE_MAX_LENGTH = 8;
/** Longest text a visitor may type as a code before it is refused unread. */
export const JOIN_CODE_INPUT_MAX = 40;

const CODE_SHAPE = new RegExp(
  `^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_MIN_LENGTH},${JOIN_CODE_MAX_LENGTH}}$`,
);

/** A typed code in its normal form: upper case, spaces and dashes left out ('abcd-efgh' -> 'ABCDEFGH'). */
export function normalizeJoinCode(input: string): string {
  return input.replace(/[\s\-\u2010-\u2015\u2212]+/g, '').toUpperCase();
}

/** Whether a normalised code has a join code's shape (6-8 characters of the alphabet). */
export function isJoinCodeShape(code: string): boolean {
  return CODE_SHAPE.test(code);
}

/** A code as shown to people: two halves split by a dash ('ABCD-EFGH'), easier to read aloud. */
export function formatJoinCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return code.length > 5 ? `${code.slice(0, half)}-${code.slice(half)}` : code;
}

/** The address of the join page for a code (`/join/{code}`), or of the form to type one. */
export function joinPath(code?: string): string {
  return code ? `/join/${encodeURIComponent(code)}` : '/join';
}

/** The address of the owner's join panel of a workspace. */
export function workspaceJoinPath(workspaceId: string): string {
  return `/workspace/${encodeURIComponent(workspaceId)}/join`;
}

/** What a student types at /join: any spacing or dashes, any case; 6-8 characters of the alphabet. */
export const joinCodeInput = z.object({
  code: z
    .string()
    .max(JOIN_CODE_INPUT_MAX, 'A join code has 6 to 8 letters and digits.')
    .transform(normalizeJoinCode)
    .refine(isJoinCodeShape, 'A join code has 6 to 8 letters and digits.'),
});
export type JoinCodeInput = z.input<typeof joinCodeInput>;

/** The owner's switches (PATCH /api/workspaces/:id/join): at least one of them. */
export const joinSettingsInput = z
  .strictObject({ isEnabled: z.boolean().optional(), autoApprove: z.boolean().optional() })
  .refine((value) => value.isEnabled !== undefined || value.autoApprove !== undefined, {
    message: 'Say what to change: isEnabled or autoApprove.',
  });
export type JoinSettingsInput = z.infer<typeof joinSettingsInput>;

/** A student's pick (POST /api/join/:code/claims): the roster entry they say is theirs. */
export const joinClaimInput = z.strictObject({ memberId: z.uuid() });
export type JoinClaimInput = z.infer<typeof joinClaimInput>;

/** The workspace a join code leads to, as a student sees it before joining. */
const joinWorkspace = z.object({ id: z.string(), title: z.string() });

/** An unclaimed roster entry a student may pick. */
export const joinCandidate = z.object({ id: z.string(), name: z.string() });

/** The unclaimed names of one team (`number` null: members without a team). */
export const joinCandidateTeam = z.object({
  number: z.number().nullable(),
  members: z.array(joinCandidate),
});

/**
 * GET /api/join/:code, what the student sees: already a member (go to the workspace), a request
 * of theirs waiting for the owner, or the unclaimed names to pick from.
 */
export const joinPreview = z.discriminatedUnion('state', [
  z.object({ state: z.literal('member'), workspace: joinWorkspace }),
  z.object({
    state: z.literal('pending'),
    workspace: joinWorkspace,
    request: z.object({ id: z.string(), memberId: z.string(), memberName: z.string() }),
  }),
  z.object({
    state: z.literal('choose'),
    workspace: joinWorkspace,
    /** With auto-approval a pick is a claim at once; otherwise it waits for the owner. */
    autoApprove: z.boolean(),
    teams: z.array(joinCandidateTeam),
  }),
]);
export type JoinPreview = z.infer<typeof joinPreview>;

/** POST /api/join/:code/claims: joined at once (auto-approval) or waiting for the owner. */
export const joinClaimResult = z.object({
  state: z.enum(['joined', 'pending']),
  workspaceId: z.string(),
  memberName: z.string(),
});
export type JoinClaimResult = z.infer<typeof joinClaimResult>;

/** The join link of a workspace as its owner sees it. `code` is null until one is first made. */
export const joinLinkView = z.object({
  isEnabled: z.boolean(),
  autoApprove: z.boolean(),
  code: z.string().nullable(),
});
export type JoinLinkView = z.infer<typeof joinLinkView>;

/** A pending request: who asked (account name and e-mail) and which roster name they picked. */
export const joinRequestView = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  teamNumber: z.number().nullable(),
  userName: z.string(),
  userEmail: z.string(),
  createdAt: z.string(),
});
export type JoinRequestView = z.infer<typeof joinRequestView>;

/** A roster entry claimed through joining (the e-mail the claim wrote); the owner may undo it. */
export const joinClaimView = z.object({
  memberId: z.string(),
  memberName: z.string(),
  teamNumber: z.number().nullable(),
  userName: z.string(),
  email: z.string(),
  claimedAt: z.string(),
});
export type JoinClaimView = z.infer<typeof joinClaimView>;

/** GET /api/workspaces/:id/join (owner): the link, the requests waiting, the claims made. */
export const joinOwnerView = z.object({
  link: joinLinkView,
  requests: z.array(joinRequestView),
  claims: z.array(joinClaimView),
});
export type JoinOwnerView = z.infer<typeof joinOwnerView>;

/**
 * How far a roster entry is from a signed-in student: `invited` (an e-mail the owner typed, no
 * account has it yet), `requested` (a join request waits), `joined` (claimed through joining, or
 * a verified account has the e-mail), `none` (no e-mail, nobody asked).
 */
export const ROSTER_JOIN_STATUSES = ['none', 'invited', 'requested', 'joined'] as const;
export type RosterJoinStatus = (typeof ROSTER_JOIN_STATUSES)[number];

/**
 * GET /api/workspaces/:id/join/roster-status (owner): each member's status, for any panel (the
 * Members tab's list shows it as one badge per member, issue 24).
 */
export const rosterJoinStatus = z.object({
  members: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      teamNumber: z.number().nullable(),
      status: z.enum(ROSTER_JOIN_STATUSES),
      /** How a joined member joined: by a join claim or by the e-mail the owner typed. */
      joinedBy: z.enum(['claim', 'email']).nullable(),
      /**
       * The invitation mail to the member's e-mail as the invitations module sees it (decision
       * 0021): `queued`, `sent`, `failed`, `not_sent`, or `joined`; null without an e-mail.
       */
      invitation: invitationStatus.nullable(),
    }),
  ),
});
export type RosterJoinStatusView = z.infer<typeof rosterJoinStatus>;
