import { z } from 'zod';

// Invitations (issue 24, "Invitations"; docs/decisions/0021-invitations.md): a mail to each address
// the owner adds to a roster, its status per member, and the owner's resend. The sign-up link's
// parameters are in return-path.ts (no imports: every page's shell reads them).

/** A member is mailed again no sooner than this after their last invitation (resend's limit). */
export const INVITATION_RESEND_MINUTES = 10;

/**
 * Invitation mails one owner's workspaces send in 24 hours, at most: enough for several classes
 * a day, and a verified account cannot make the app mail strangers by the thousand. Past it an
 * address is put on the roster unmailed (its status says "not sent") and can be sent the next day.
 */
export const INVITATIONS_PER_OWNER_PER_DAY = 300;

/**
 * A member's invitation as the owner sees it: `joined` (an account with that verified e-mail
 * exists), else the state of the latest mail to the address on the roster now: `queued` (waiting
 * or being sent), `sent`, `failed`, or `not_sent` (none, e.g. added by a member, not the owner).
 */
export const invitationStatus = z.enum(['joined', 'queued', 'sent', 'failed', 'not_sent']);
export type InvitationStatus = z.infer<typeof invitationStatus>;

/** One roster entry with an e-mail, in the owner's Invitations panel. */
export const invitationView = z.object({
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  teamNumber: z.number().nullable(),
  status: invitationStatus,
  /** When the latest invitation mail went out, or null. */
  sentAt: z.string().nullable(),
  /** From when a resend is accepted (ISO), or null when it is now. */
  resendAfter: z.string().nullable(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** GET /api/workspaces/:id/invitations. */
export const invitationsList = z.object({
  items: z.array(invitationView),
});
export type InvitationsList = z.infer<typeof invitationsList>;

/** POST .../invitations/resend-pending and .../invitations/:memberId/resend: mails queued. */
export const invitationsResent = z.object({
  queued: z.number().int().min(0),
  /** Members not mailed now because their last invitation is too recent. */
  skipped: z.number().int().min(0),
});
export type InvitationsResent = z.infer<typeof invitationsResent>;
