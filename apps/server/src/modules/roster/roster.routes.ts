import {
  rosterAddInput,
  rosterChangeResult,
  rosterLogPage,
  rosterLogQuery,
  rosterMoveInput,
  rosterRenameInput,
  safeParam,
  teamMembershipHistory,
  TEXT_LIMITS,
} from '@teamshuffle/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import { requestLanguage } from '@teamshuffle/domain';
import {
  addMember,
  moveMember,
  readMemberships,
  readRosterLog,
  removeMember,
  renameMember,
  type RosterActor,
} from './roster.service.ts';

const workspaceParams = z.object({ id: safeParam(TEXT_LIMITS.id) });
const memberParams = z.object({
  id: safeParam(TEXT_LIMITS.id),
  memberId: safeParam(TEXT_LIMITS.id),
});

// Who may not ask, and a workspace the caller may not see (answered as one that does not exist).
const IN_A_WORKSPACE = [
  'unauthenticated',
  'email_not_verified',
  'workspace_not_found',
  'forbidden',
  'conflict',
] as const;

/**
 * Roster changes in a running workspace (issue 24, decision 0019): the owner adds, moves, renames
 * and removes members and reads the activity log and the membership history. Each change takes an
 * Idempotency-Key, so a retried request is not applied twice.
 */
export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed in first (onRequest: 401 before anything else), then the owner only.
  const owner = {
    onRequest: app.requireVerifiedUser,
    preValidation: app.workspaceAccess('manageRoster'),
  };
  const actorOf = (request: FastifyRequest): RosterActor => ({
    access: request.workspaceAccess!,
    userId: request.user!.id,
    language: requestLanguage(request.headers),
  });

  app.post(
    '/api/workspaces/:id/roster/members',
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['roster'],
        summary: 'Add a member (owner): a name, an optional e-mail, a team or none',
        params: workspaceParams,
        headers: idempotencyHeaders,
        body: rosterAddInput,
        response: {
          201: rosterChangeResult,
          ...errorResponses(
            ...IN_A_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            'team_not_found',
            'duplicate_member_email',
            'rule_broken',
          ),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addMember(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/api/workspaces/:id/roster/members/:memberId/team',
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['roster'],
        summary: 'Move a member to another team (owner); individual work follows, team work stays',
        params: memberParams,
        headers: idempotencyHeaders,
        body: rosterMoveInput,
        response: {
          200: rosterChangeResult,
          ...errorResponses(
            ...IN_A_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            'roster_member_not_found',
            'team_not_found',
            'rule_broken',
          ),
        },
      },
    },
    async (request) =>
      moveMember(app.db, actorOf(request), request.params.memberId, request.body.teamId),
  );

  app.put(
    '/api/workspaces/:id/roster/members/:memberId/name',
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['roster'],
        summary: 'Rename a member (owner)',
        params: memberParams,
        headers: idempotencyHeaders,
        body: rosterRenameInput,
        response: {
          200: rosterChangeResult,
          ...errorResponses(...IN_A_WORKSPACE, ...IDEMPOTENCY_ERRORS, 'roster_member_not_found'),
        },
      },
    },
    async (request) =>
      renameMember(app.db, actorOf(request), request.params.memberId, request.body.name),
  );

  app.delete(
    '/api/workspaces/:id/roster/members/:memberId',
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['roster'],
        summary: 'Remove a member from the course (owner); their work is kept',
        params: memberParams,
        headers: idempotencyHeaders,
        response: {
          200: rosterChangeResult,
          ...errorResponses(...IN_A_WORKSPACE, ...IDEMPOTENCY_ERRORS, 'roster_member_not_found'),
        },
      },
    },
    async (request) => removeMember(app.db, actorOf(request), request.params.memberId),
  );

  app.get(
    '/api/workspaces/:id/roster/activity',
    {
      ...owner,
      schema: {
        tags: ['roster'],
        summary: 'The activity log of roster changes (owner), newest first, page by page',
        params: workspaceParams,
        querystring: rosterLogQuery,
        response: { 200: rosterLogPage, ...errorResponses(...IN_A_WORKSPACE) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await readRosterLog(app.db, request.workspaceAccess!, request.query)),
  );

  app.get(
    '/api/workspaces/:id/roster/memberships',
    {
      ...owner,
      schema: {
        tags: ['roster'],
        summary: 'Who was in which team when (owner), newest first',
        params: workspaceParams,
        response: { 200: teamMembershipHistory, ...errorResponses(...IN_A_WORKSPACE) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await readMemberships(app.db, request.workspaceAccess!)),
  );
};
