import {
  joinClaimInput,
  joinClaimResult,
  joinOwnerView,
  joinPreview,
  joinSettingsInput,
  rosterJoinStatus,
  safeParam,
  TEXT_LIMITS,
} from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import {
  approveRequest,
  claimName,
  getOwnerView,
  previewJoin,
  regenerateCode,
  rejectRequest,
  rosterStatus,
  undoClaimOf,
  updateSettings,
  withdrawRequest,
} from './joining.service.ts';

const workspaceParams = z.object({ id: safeParam(TEXT_LIMITS.id) });
const requestParams = z.object({ id: safeParam(TEXT_LIMITS.id), requestId: z.uuid() });
const claimParams = z.object({ id: safeParam(TEXT_LIMITS.id), memberId: z.uuid() });
// Any text up to 64 characters reaches the service, which tells a code's shape apart from a
// code that does not exist (and counts only the latter as a guess).
const codeParams = z.object({ code: safeParam(64) });
const ownRequestParams = z.object({ code: safeParam(64), requestId: z.uuid() });

const SIGNED_IN = ['unauthenticated', 'email_not_verified'] as const;
const OWNER = [...SIGNED_IN, 'workspace_not_found', 'forbidden'] as const;
const CODE = [
  ...SIGNED_IN,
  'join_needs_verified_email',
  'join_code_invalid',
  'join_code_not_found',
  'join_code_replaced',
  'join_link_disabled',
  'join_too_many_attempts',
] as const;

/**
 * Students join on their own (issue 24, decision 0020): the owner's join link, code, requests and
 * claims under /api/workspaces/:id/join; a student's look at a code and their pick under
 * /api/join/:code.
 */
export const joiningRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = {
    onRequest: app.requireVerifiedUser,
    preValidation: app.workspaceAccess('manageJoining'),
  };

  app.get(
    '/api/workspaces/:id/join',
    {
      ...owner,
      schema: {
        tags: ['joining'],
        summary: 'The join link (owner): on or off, the code, auto-approval, requests, claims',
        params: workspaceParams,
        response: { 200: joinOwnerView, ...errorResponses(...OWNER) },
      },
    },
    async (request) => getOwnerView(app.db, request.workspaceAccess!.workspace.id),
  );

  app.patch(
    '/api/workspaces/:id/join',
    {
      ...owner,
      schema: {
        tags: ['joining'],
        summary: 'Turn the join link or auto-approval on or off (owner)',
        params: workspaceParams,
        body: joinSettingsInput,
        response: { 200: joinOwnerView, ...errorResponses(...OWNER, 'validation_failed') },
      },
    },
    async (request) => updateSettings(app.db, request.workspaceAccess!, request.body),
  );

  app.post(
    '/api/workspaces/:id/join/code',
    {
      ...owner,
      schema: {
        tags: ['joining'],
        summary: 'Make a new join code (owner): the old code and link stop working',
        params: workspaceParams,
        response: { 200: joinOwnerView, ...errorResponses(...OWNER) },
      },
    },
    async (request) => regenerateCode(app.db, request.workspaceAccess!),
  );

  app.post(
    '/api/workspaces/:id/join/requests/:requestId/approve',
    {
      ...owner,
      schema: {
        tags: ['joining'],
        summary: "Approve a join request (owner): the student's e-mail goes onto the name",
        params: requestParams,
        response: {
          200: joinOwnerView,
          ...errorResponses(
            ...OWNER,
            'validation_failed',
            'join_request_not_found',
            'join_name_taken',
            'join_already_member',
            'join_needs_verified_email',
          ),
        },
      },
    },
    async (request) =>
      approveRequest(app.db, request.workspaceAccess!, request.user!.id, request.params.requestId),
  );

  app.post(
    '/api/workspaces/:id/join/requests/:requestId/reject',
    {
      ...owner,
      schema: {
        tags: ['joining'],
        summary: 'Reject a join request (owner): the name is free again',
        params: requestParams,
        response: {
          200: joinOwnerView,
          ...errorResponses(...OWNER, 'validation_failed', 'join_request_not_found'),
        },
      },
    },
    async (request) =>
      rejectRequest(app.db, request.workspaceAccess!, request.user!.id, request.params.requestId),
  );

  app.delete(
    '/api/workspaces/:id/join/claims/:memberId',
    {
      ...owner,
      schema: {
        tags: ['joining'],
        summary: 'Undo a claim made through the join link (owner): its e-mail is cleared',
        params: claimParams,
        response: {
          200: joinOwnerView,
          ...errorResponses(...OWNER, 'validation_failed', 'join_claim_not_found'),
        },
      },
    },
    async (request) =>
      undoClaimOf(app.db, request.workspaceAccess!, request.user!.id, request.params.memberId),
  );

  app.get(
    '/api/workspaces/:id/join/roster-status',
    {
      ...owner,
      schema: {
        tags: ['joining'],
        summary:
          "Each member as invited, requested, joined or none, with their invitation mail's state (owner)",
        params: workspaceParams,
        response: { 200: rosterJoinStatus, ...errorResponses(...OWNER) },
      },
    },
    async (request) => rosterStatus(app.db, request.workspaceAccess!),
  );

  app.get(
    '/api/join/:code',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['joining'],
        summary: "A join code's workspace: already a member, a request waiting, or names to pick",
        params: codeParams,
        response: { 200: joinPreview, ...errorResponses(...CODE, 'validation_failed') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return previewJoin(app.db, { user: request.user!, ip: request.ip }, request.params.code);
    },
  );

  app.post(
    '/api/join/:code/claims',
    {
      onRequest: app.requireVerifiedUser,
      // A retry after a lost answer gets the first answer, not "request pending" (decision 0015).
      config: { idempotent: true },
      schema: {
        tags: ['joining'],
        summary: 'Pick your own name: a join request, or with auto-approval the claim at once',
        params: codeParams,
        headers: idempotencyHeaders,
        body: joinClaimInput,
        response: {
          200: joinClaimResult,
          ...errorResponses(
            ...CODE,
            ...IDEMPOTENCY_ERRORS,
            'join_already_member',
            'join_request_pending',
            'join_name_taken',
            'join_member_not_found',
          ),
        },
      },
    },
    async (request) =>
      claimName(
        app.db,
        { user: request.user!, ip: request.ip },
        request.params.code,
        request.body.memberId,
      ),
  );

  app.delete(
    '/api/join/:code/requests/:requestId',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['joining'],
        summary: 'Withdraw your own pending join request: the name is free again',
        params: ownRequestParams,
        response: {
          204: noContent,
          ...errorResponses(...CODE, 'validation_failed', 'join_request_not_found'),
        },
      },
    },
    async (request, reply) => {
      await withdrawRequest(
        app.db,
        { user: request.user!, ip: request.ip },
        request.params.code,
        request.params.requestId,
      );
      return reply.status(204).send();
    },
  );
};
