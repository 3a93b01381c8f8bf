import type { FastifyBaseLogger } from 'fastify';
import type { Db, Listen } from '../../plugins/database.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { invitationMail } from './invitations.mails.ts';
import {
  claimNextInvitation,
  inviteeAccount,
  hasDueInvitations,
  INVITATION_CHANNEL,
  isStillOnRoster,
  markInvitationFailed,
  markInvitationSent,
  workspaceForInvitation,
} from './invitations.repository.ts';
import { CoalescedRun } from '../../workers/coalesced-run.ts';

/** How often each instance looks for mails nobody sent (a lost wake-up, a retry that is due). */
export const INVITATION_POLL_MS = 5_000;
/** A mail the SMTP server refused this often is given up (`failed`, shown to the owner). */
const MAX_ATTEMPTS = 5;

/**
 * Sends the invitation mails that actions queued in their transactions (decision 0021). Each mail
 * is claimed by one statement that marks it `sending` before it is sent and `sent` after, so with
 * any number of instances it goes once; a sender that dies in between leaves it `sending` (never
 * sent twice; the owner sees it failed after a while and may resend). Woken at every queueing
 * commit (NOTIFY), every INVITATION_POLL_MS, and at start.
 */
export class InvitationDelivery {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;
  #stopListening: (() => Promise<void>) | null = null;
  #poll: NodeJS.Timeout | null = null;
  readonly #runs = new CoalescedRun(
    () => this.#run(),
    (error: unknown) => this.#log.warn({ err: error }, 'invitation mails stalled'),
    () => !this.#isStopped,
  );
  #isStopped = false;

  constructor(deps: { db: Db; log: FastifyBaseLogger; mailer: Mailer; publicUrl: string }) {
    this.#db = deps.db;
    this.#log = deps.log;
    this.#mailer = deps.mailer;
    this.#publicUrl = deps.publicUrl;
  }

  async start(listen: Listen) {
    this.#stopListening = await listen(
      INVITATION_CHANNEL,
      () => this.kick(),
      () => this.kick(),
    );
    this.#poll = setInterval(() => this.kick(), INVITATION_POLL_MS);
    this.#poll.unref();
    this.kick();
  }

  async stop() {
    this.#isStopped = true;
    if (this.#poll) clearInterval(this.#poll);
    await this.#stopListening?.();
    await this.#runs.idle();
  }

  /** Looks for mails now (a run in progress looks again when it ends). */
  kick() {
    this.#runs.kick();
  }

  /** Sends what is due now and waits until this instance has nothing left to do (tests). */
  async flush() {
    this.kick();
    await this.#runs.idle();
  }

  async #run() {
    if (!(await hasDueInvitations(this.#db))) return;
    while (!this.#isStopped && (await this.#sendNext()));
  }

  async #sendNext(): Promise<boolean> {
    const row = await claimNextInvitation(this.#db);
    if (!row) return false;
    try {
      const workspace = await workspaceForInvitation(this.#db, row.workspaceId);
      if (!workspace || !(await isStillOnRoster(this.#db, row.memberId, row.email))) {
        await markInvitationFailed(this.#db, row.id, 'the address left the roster', null);
        return true;
      }
      const invitee = await inviteeAccount(this.#db, row.email);
      await this.#mailer.send(
        invitationMail({
          to: row.email,
          // The invitee's own language when their account has one (decision 0041), else the
          // owner's, as it was asked in.
          language: invitee.language ?? row.language,
          ownerName: workspace.ownerName,
          title: workspace.title,
          workspaceId: row.workspaceId,
          hasAccount: invitee.hasAccount,
          publicUrl: this.#publicUrl,
        }),
      );
      await markInvitationSent(this.#db, row.id);
    } catch (error) {
      const isGivenUp = row.attempts >= MAX_ATTEMPTS;
      this.#log.warn({ err: error, invitationId: row.id }, 'an invitation mail was not sent');
      // 30 s, 1, 2, 4 minutes, then given up.
      await markInvitationFailed(
        this.#db,
        row.id,
        error instanceof Error ? error.message : String(error),
        isGivenUp ? null : 30 * 2 ** (row.attempts - 1),
      );
    }
    return true;
  }
}
