import { resultTitle, shuffleSnapshot } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWorkspace } from './create-workspace.ts';

const createBody = z.union([
  z.object({ title: resultTitle, snapshot: shuffleSnapshot }),
  z.object({ title: resultTitle, resultId: z.uuid() }),
]);

const created = z.object({
  resultId: z.string(),
  workspace: z.object({ id: z.string(), slug: z.string(), title: z.string(), url: z.string() }),
});

/** /api/workspaces: Create Team. (Reading and managing workspaces comes with the workspace work.) */
export const workspacesRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  options,
) => {
  app.addHook('preHandler', app.requireVerifiedUser);

  app.post(
    '/api/workspaces',
    {
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
};
