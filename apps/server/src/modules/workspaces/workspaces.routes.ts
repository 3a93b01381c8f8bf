import { LECTURE_NOTE_SORT_ORDERS, resultTitle, shuffleSnapshot } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWorkspace } from './create-workspace.ts';
import { DetailCache } from './detail-cache.ts';
import {
  changeLeader,
  getPreferences,
  getWorkspaceBySlug,
  getWorkspaceForSession,
  listWorkspaces,
  removeWorkspace,
  renameWorkspace,
  saveLeaderEmails,
  savePreferences,
  saveTeamMemberEmails,
  saveWorkspaceOrder,
  setVisibility,
} from './workspaces.service.ts';

const createBody = z.union([
  z.object({ title: resultTitle, snapshot: shuffleSnapshot }),
  z.object({ title: resultTitle, resultId: z.uuid() }),
]);
const created = z.object({
  resultId: z.string(),
  workspace: z.object({ id: z.string(), slug: z.string(), title: z.string(), url: z.string() }),
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const teamParams = z.object({ id: z.string().min(1).max(64), teamId: z.string().min(1).max(64) });
// spec: e-mail typed inputs, blanks ignored; surrounding spaces are not a mistake.
const emailOrBlank = z
  .string()
  .trim()
  .max(254)
  .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]));
const emailChangeResult = z.object({
  added: z.number(),
  removed: z.number(),
  isChanged: z.boolean(),
});

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
      schema: {
        tags: ['workspaces'],
        summary: 'Create Team: save the shuffle and create its workspace',
        body: createBody,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const result = await createWorkspace(app.db, request.user!.id, request.body);
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
        querystring: z.object({ user: z.string().min(1).max(64).optional() }),
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
        body: z.object({
          items: z
            .array(
              z.object({ workspaceId: z.uuid(), teamNumber: z.number().int().min(1).max(100_000) }),
            )
            .max(1000),
        }),
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
        params: z.object({ slug: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(await getWorkspaceBySlug(app.db, detailCache, request.user, request.params.slug)),
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
        .send(body);
    },
  );

  app.patch(
    '/api/workspaces/:id',
    {
      ...signedIn,
      schema: {
        tags: ['workspaces'],
        summary: 'Rename (owner) or change visibility (owner)',
        params: idParams,
        body: z
          .object({ title: resultTitle.optional(), isPublic: z.boolean().optional() })
          .refine(
            (body) => body.title !== undefined || body.isPublic !== undefined,
            'Nothing to change',
          ),
      },
    },
    async (request, reply) => {
      const { title, isPublic } = request.body;
      if (title !== undefined)
        await renameWorkspace(app.db, request.user, request.params.id, title);
      if (isPublic !== undefined)
        await setVisibility(app.db, request.user, request.params.id, isPublic);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/workspaces/:id',
    {
      ...signedIn,
      schema: { tags: ['workspaces'], summary: 'Delete a workspace (owner)', params: idParams },
    },
    async (request, reply) => {
      await removeWorkspace(app.db, request.user, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/workspaces/:id/teams/:teamId/leader',
    {
      ...signedIn,
      schema: {
        tags: ['workspaces'],
        summary: "Change or remove a team's leader (owner)",
        params: teamParams,
        body: z.object({ memberId: z.uuid().nullable() }),
        response: { 200: z.object({ teamNumber: z.number(), leaderName: z.string().nullable() }) },
      },
    },
    async (request) =>
      changeLeader(
        app.db,
        request.user,
        request.params.id,
        request.params.teamId,
        request.body.memberId,
      ),
  );

  app.put(
    '/api/workspaces/:id/leader-emails',
    {
      ...signedIn,
      schema: {
        tags: ['workspaces'],
        summary: "Set the teams' leader e-mails (owner)",
        params: idParams,
        body: z.object({
          entries: z
            .array(z.object({ teamId: z.string().min(1).max(64), email: emailOrBlank }))
            .max(100),
        }),
        response: { 200: emailChangeResult },
      },
    },
    async (request) =>
      saveLeaderEmails(app.db, request.user, request.params.id, request.body.entries),
  );

  app.put(
    '/api/workspaces/:id/teams/:teamId/member-emails',
    {
      ...signedIn,
      schema: {
        tags: ['workspaces'],
        summary: "Set a team's member e-mails (owner, or a member of that team)",
        params: teamParams,
        body: z.object({
          entries: z
            .array(z.object({ memberId: z.string().min(1).max(64), email: emailOrBlank }))
            .max(1000),
        }),
        response: { 200: emailChangeResult },
      },
    },
    async (request) =>
      saveTeamMemberEmails(
        app.db,
        request.user,
        request.params.id,
        request.params.teamId,
        request.body.entries,
      ),
  );

  app.get(
    '/api/preferences',
    { ...signedIn, schema: { tags: ['account'], summary: 'My preferences' } },
    async (request) => getPreferences(app.db, request.user!),
  );

  app.put(
    '/api/preferences',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Set my lecture-note sort order',
        body: z.object({ lectureNoteSortOrder: z.enum(LECTURE_NOTE_SORT_ORDERS) }),
      },
    },
    async (request) => savePreferences(app.db, request.user!, request.body.lectureNoteSortOrder),
  );
};
