import {
  courseCalendarSettings,
  courseCalendarUpdate,
  createdWorkspace,
  createWorkspaceInput,
  emailChangeResult,
  leaderChange,
  leaderChangeInput,
  leaderEmailsInput,
  memberEmailsInput,
  safeParam,
  SHUFFLE_ERROR_IDS,
  TEXT_LIMITS,
  workspaceCard,
  workspaceDetail,
  type WorkspaceDetail,
  workspaceOrderInput,
  workspaceUpdateInput,
} from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import { requestLanguage } from '@teamshuffle/domain';
import { createWorkspace } from './create-workspace.ts';
import { DetailCache } from './detail-cache.ts';
import {
  changeLeader,
  getWorkspaceBySlug,
  getWorkspaceForSession,
  listWorkspaces,
  removeWorkspace,
  renameWorkspace,
  saveLeaderEmails,
  saveTeamMemberEmails,
  saveWorkspaceOrder,
  setCourseCalendar,
  setVisibility,
} from './workspaces.service.ts';
import { preparedJsonFor } from '../../plugins/prepared-json.ts';

const idParams = z.object({ id: safeParam(TEXT_LIMITS.id) });
const teamParams = z.object({ id: safeParam(TEXT_LIMITS.id), teamId: safeParam(TEXT_LIMITS.id) });

// Who may not ask, and a workspace the caller may not see (answered as one that does not exist).
const SIGNED_IN_ONLY = ['unauthenticated', 'email_not_verified'] as const;
const IN_A_WORKSPACE = [...SIGNED_IN_ONLY, 'workspace_not_found', 'forbidden', 'conflict'] as const;

/** /api/workspaces: Create Team, the list page, the detail page, settings, leaders and e-mails. */
export const workspacesRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  options,
) => {
  // Who is asking is settled first (onRequest), so an anonymous caller gets 401, not a 400 about the body.
  const signedIn = { onRequest: app.requireVerifiedUser };
  const anyone = { onRequest: app.optionalVerifiedUser };
  // One per app instance; entries are checked against the version each request reads.
  const detailCache = new DetailCache();

  app.post(
    '/api/workspaces',
    {
      ...signedIn,
      config: { idempotent: true },
      schema: {
        tags: ['workspaces'],
        summary: 'Create Team: save the shuffle and create its workspace',
        headers: idempotencyHeaders,
        body: createWorkspaceInput,
        response: {
          201: createdWorkspace,
          ...errorResponses(
            ...SIGNED_IN_ONLY,
            ...IDEMPOTENCY_ERRORS,
            ...SHUFFLE_ERROR_IDS,
            'duplicate_result_title',
            'duplicate_member_email',
            'rule_broken',
            'not_found',
            'conflict',
          ),
        },
      },
    },
    async (request, reply) => {
      const result = await createWorkspace(
        app.db,
        app.cpu,
        request.user!.id,
        request.body,
        requestLanguage(request.headers),
      );
      const url = `${options.publicUrl}/workspace/${result.workspace.id}`;
      return reply
        .status(201)
        .send({ resultId: result.resultId, workspace: { ...result.workspace, url } });
    },
  );

  app.get(
    '/api/workspaces',
    {
      ...anyone,
      schema: {
        tags: ['workspaces'],
        summary: "My workspaces, public ones when signed out, or another user's (?user=)",
        querystring: z.object({ user: safeParam(TEXT_LIMITS.id).optional() }),
        response: {
          200: z.array(workspaceCard),
          ...errorResponses('email_not_verified', 'view_teams_forbidden'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await listWorkspaces(app.db, request.user, request.query.user)),
  );

  app.put(
    '/api/workspaces/order',
    {
      ...signedIn,
      schema: {
        tags: ['workspaces'],
        summary: 'My numbering of workspaces (displayOrder = number - 1)',
        body: workspaceOrderInput,
        response: { 204: noContent, ...errorResponses(...SIGNED_IN_ONLY, 'workspace_not_found') },
      },
    },
    async (request, reply) => {
      await saveWorkspaceOrder(app.db, request.user!, request.body.items);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/workspaces/by-slug/:slug',
    {
      ...anyone,
      schema: {
        tags: ['workspaces'],
        summary: 'A workspace by its name in the URL',
        params: z.object({ slug: safeParam(TEXT_LIMITS.slug) }),
        response: {
          200: workspaceDetail,
          ...errorResponses('email_not_verified', 'workspace_not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(
          await preparedJsonFor<WorkspaceDetail>(
            request,
            reply,
            await getWorkspaceBySlug(app.db, detailCache, request.user, request.params.slug),
          ),
        ),
  );

  app.get(
    '/api/workspaces/:id',
    {
      // No session preHandler: the handler reads the session in the same query as the
      // workspace (getWorkspaceForSession), with the same rules.
      schema: {
        tags: ['workspaces'],
        summary: 'A workspace with its teams and roster',
        params: idParams,
        response: {
          200: workspaceDetail,
          ...errorResponses('email_not_verified', 'workspace_not_found'),
        },
      },
    },
    async (request, reply) => {
      const { viewer, body } = await getWorkspaceForSession(
        app.db,
        detailCache,
        request.params.id,
        app.readSessionToken(request),
        (found) => app.sessionUserOf(found, request, reply),
      );
      request.user = viewer;
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(await preparedJsonFor<WorkspaceDetail>(request, reply, body));
    },
  );

  app.patch(
    '/api/workspaces/:id',
    {
      ...signedIn,
      // Both are the owner's; a visibility change is refused in the spec's words.
      preValidation: app.workspaceAccess((request) =>
        (request.body as { isPublic?: boolean }).isPublic === undefined
          ? 'rename'
          : ['changeVisibility', 'visibility_owner_only'],
      ),
      schema: {
        tags: ['workspaces'],
        summary: 'Rename (owner) or change visibility (owner)',
        params: idParams,
        body: workspaceUpdateInput,
        response: {
          204: noContent,
          ...errorResponses(...IN_A_WORKSPACE, 'visibility_owner_only', 'rule_broken'),
        },
      },
    },
    async (request, reply) => {
      const { title, isPublic } = request.body;
      const access = request.workspaceAccess!;
      if (title !== undefined) await renameWorkspace(app.db, access, title);
      if (isPublic !== undefined) await setVisibility(app.db, access, isPublic);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/workspaces/:id/calendar',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('setCourseCalendar'),
      schema: {
        tags: ['workspaces'],
        summary:
          'Course calendar (owner): semester start, time zone, reminder hours before a deadline',
        params: idParams,
        body: courseCalendarUpdate,
        response: {
          200: courseCalendarSettings,
          ...errorResponses(...IN_A_WORKSPACE, 'validation_failed'),
        },
      },
    },
    async (request) => setCourseCalendar(app.db, request.workspaceAccess!, request.body),
  );

  app.delete(
    '/api/workspaces/:id',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('delete'),
      schema: {
        tags: ['workspaces'],
        summary: 'Delete a workspace (owner)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(...IN_A_WORKSPACE) },
      },
    },
    async (request, reply) => {
      await removeWorkspace(app.db, request.workspaceAccess!);
      // The workspace's files went with it; their bytes are queued for removal.
      void app.files.drain();
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/workspaces/:id/teams/:teamId/leader',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('changeLeader'),
      schema: {
        tags: ['workspaces'],
        summary: "Change or remove a team's leader (owner)",
        params: teamParams,
        body: leaderChangeInput,
        response: {
          200: leaderChange,
          ...errorResponses(...IN_A_WORKSPACE, 'team_not_found', 'rule_broken'),
        },
      },
    },
    async (request) =>
      changeLeader(app.db, request.workspaceAccess!, request.params.teamId, request.body.memberId),
  );

  app.put(
    '/api/workspaces/:id/leader-emails',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('setLeaderEmails'),
      schema: {
        tags: ['workspaces'],
        summary: "Set the teams' leader e-mails (owner)",
        params: idParams,
        body: leaderEmailsInput,
        response: {
          200: emailChangeResult,
          ...errorResponses(
            ...IN_A_WORKSPACE,
            'team_not_found',
            'rule_broken',
            'duplicate_member_email',
          ),
        },
      },
    },
    async (request) =>
      saveLeaderEmails(
        app.db,
        request.workspaceAccess!,
        request.body.entries,
        requestLanguage(request.headers),
      ),
  );

  app.put(
    '/api/workspaces/:id/teams/:teamId/member-emails',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('setTeamMemberEmails'),
      schema: {
        tags: ['workspaces'],
        summary: "Set a team's member e-mails (owner, or a member of that team)",
        params: teamParams,
        body: memberEmailsInput,
        response: {
          200: emailChangeResult,
          ...errorResponses(
            ...IN_A_WORKSPACE,
            'team_not_found',
            'rule_broken',
            'duplicate_member_email',
          ),
        },
      },
    },
    async (request) =>
      saveTeamMemberEmails(
        app.db,
        request.workspaceAccess!,
        request.params.teamId,
        request.body.entries,
        requestLanguage(request.headers),
      ),
  );
};
