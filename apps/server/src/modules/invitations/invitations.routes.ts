import {
  invitationsList,
  invitationsResent,
  requestLanguage,
  safeParam,
  TEXT_LIMITS,
} from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import { InvitationDelivery } from './invitations.delivery.ts';
import {
  listInvitations,
  resendInvitation,
  resendPendingInvitations,
} from './invitations.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the invitation mails actions queued in their transactions (decision 0021). */
    invitationDelivery: InvitationDelivery;
  }
}

const workspaceParams = z.object({ id: safeParam(TEXT_LIMITS.id) });
const memberParams = z.object({
  id: safeParam(TEXT_LIMITS.id),
  memberId: safeParam(TEXT_LIMITS.id),
});
const IN_A_WORKSPACE = [
  'unauthenticated',
  'email_not_verified',
  'workspace_not_found',
  'forbidden',
] as const;

/**
 * Invitations (issue 24, decision 0021): the delivery of the mails queued when the owner adds
 * e-mails, the owner's status list and the resends. Managing the roster's e-mails is the owner's,
 * so these routes take the permission of the owner's Team Leaders e-mails (`setLeaderEmails`).
 */
export const invitationsPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const delivery = new InvitationDelivery({
      db: app.db,
      log: app.log,
      mailer: app.mailer,
      publicUrl: options.publicUrl,
    });
    app.decorate('invitationDelivery', delivery);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const owner = {
      onRequest: app.requireVerifiedUser,
      preValidation: app.workspaceAccess('setLeaderEmails'),
    };

    typed.get(
      '/api/workspaces/:id/invitations',
      {
        ...owner,
        schema: {
          tags: ['invitations'],
          summary:
            "Each roster e-mail's invitation: joined, queued, sent, failed or not sent (owner)",
          params: workspaceParams,
          response: { 200: invitationsList, ...errorResponses(...IN_A_WORKSPACE) },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send({ items: await listInvitations(app.db, request.workspaceAccess!) }),
    );

    typed.post(
      '/api/workspaces/:id/invitations/:memberId/resend',
      {
        ...owner,
        config: { idempotent: true },
        schema: {
          tags: ['invitations'],
          summary: "Send a member's invitation again (owner; once per member per 10 minutes)",
          headers: idempotencyHeaders,
          params: memberParams,
          response: {
            200: invitationsResent,
            ...errorResponses(
              ...IN_A_WORKSPACE,
              ...IDEMPOTENCY_ERRORS,
              'invitation_member_not_found',
              'invitation_already_joined',
              'invitation_recently_sent',
              'invitation_daily_limit',
            ),
          },
        },
      },
      async (request) =>
        resendInvitation(
          app.db,
          request.workspaceAccess!,
          request.params.memberId,
          requestLanguage(request.headers),
        ),
    );

    typed.post(
      '/api/workspaces/:id/invitations/resend-pending',
      {
        ...owner,
        config: { idempotent: true },
        schema: {
          tags: ['invitations'],
          summary: 'Send the invitation again to every member who has not joined (owner)',
          headers: idempotencyHeaders,
          params: workspaceParams,
          response: {
            200: invitationsResent,
            ...errorResponses(
              ...IN_A_WORKSPACE,
              ...IDEMPOTENCY_ERRORS,
              'invitation_recently_sent',
              'invitation_daily_limit',
            ),
          },
        },
      },
      async (request) =>
        resendPendingInvitations(
          app.db,
          request.workspaceAccess!,
          requestLanguage(request.headers),
        ),
    );

    app.addHook('onReady', async () => {
      await delivery.start(app.dbListen);
    });
    app.addHook('preClose', async () => {
      await delivery.stop();
    });
  },
  {
    name: 'invitations',
    fastify: '5.x',
    dependencies: ['database', 'auth', 'mail', 'errors', 'workspace-access'],
  },
);
