import { safeParam, TEXT_LIMITS } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors.ts';
import { sendCsvDownload } from '../files/file-download.ts';
import { exportTeamsCsv } from './team-export.service.ts';

const workspaceParams = z.object({ id: safeParam(TEXT_LIMITS.id) });

/** Export the teams (issue 24): the owner's CSV of teams, members, e-mails and leaders. */
export const teamExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/workspaces/:id/teams.csv',
    {
      onRequest: app.requireVerifiedUser,
      preValidation: app.workspaceAccess('exportTeams'),
      schema: {
        tags: ['workspaces'],
        summary: 'The teams (owner): one row per member with team, e-mail and leader',
        params: workspaceParams,
        response: {
          200: z.string().describe('text/csv'),
          ...errorResponses(
            'unauthenticated',
            'email_not_verified',
            'workspace_not_found',
            'forbidden',
          ),
        },
      },
    },
    async (request, reply) => {
      const access = request.workspaceAccess!;
      return sendCsvDownload(
        reply,
        `${access.workspace.title} - teams.csv`,
        await exportTeamsCsv(app.db, access),
      );
    },
  );
};
