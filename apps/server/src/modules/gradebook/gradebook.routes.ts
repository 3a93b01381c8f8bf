import {
  gradebook,
  gradebookWeights,
  gradeOverrideInput,
  gradeOverrideKey,
  myGrades,
  safeParam,
  TEXT_LIMITS,
  type Gradebook,
} from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { gradebookCacheFor } from './gradebook.cache.ts';
import {
  changeWeights,
  gradebookOf,
  myGradesOf,
  overrideGrade,
  removeOverride,
} from './gradebook.service.ts';
import { preparedJsonFor } from '../../plugins/prepared-json.ts';

const workspaceParams = z.object({ id: safeParam(TEXT_LIMITS.id) });
const IN_WORKSPACE = [
  'unauthenticated',
  'email_not_verified',
  'workspace_not_found',
  'forbidden',
] as const;

/**
 * The gradebook (issue 25, decision 0024): the owner's page of every member's grade on every
 * graded item, overrides with a reason, category weights; a member's own "My grades". Grades
 * themselves are written by the evaluation routes (assignments, lecture notes), not here.
 */
export const gradebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = gradebookCacheFor(app.db);
  const owner = {
    onRequest: app.requireVerifiedUser,
    preValidation: app.workspaceAccess('manageAssignments'),
  };

  app.get(
    '/api/workspaces/:id/gradebook',
    {
      // One query reads the session and the access facts (issue 22); signed out: 401 first.
      preValidation: app.workspaceAccess('manageAssignments', {
        readsSession: true,
        requiresSignIn: true,
      }),
      schema: {
        tags: ['gradebook'],
        summary: 'The gradebook (owner): every member, every graded item, totals',
        params: workspaceParams,
        response: { 200: gradebook, ...errorResponses(...IN_WORKSPACE) },
      },
    },
    async (request, reply) => {
      const { body } = await gradebookOf(app.db, cache, request.workspaceAccess!);
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(await preparedJsonFor<Gradebook>(request, reply, body));
    },
  );

  app.get(
    '/api/workspaces/:id/my-grades',
    {
      onRequest: app.requireVerifiedUser,
      preValidation: app.workspaceAccess('read'),
      schema: {
        tags: ['gradebook'],
        summary: "My grades (a member on the roster): the caller's own grades only",
        params: workspaceParams,
        response: {
          200: myGrades,
          ...errorResponses(...IN_WORKSPACE, 'gradebook_not_on_roster'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await myGradesOf(app.db, cache, request.workspaceAccess!)),
  );

  app.put(
    '/api/workspaces/:id/gradebook/overrides',
    {
      ...owner,
      schema: {
        tags: ['gradebook'],
        summary: "Override one member's grade on one item, with a reason (owner)",
        params: workspaceParams,
        body: gradeOverrideInput,
        response: {
          204: noContent,
          ...errorResponses(
            ...IN_WORKSPACE,
            'gradebook_member_not_found',
            'gradebook_item_not_found',
          ),
        },
      },
    },
    async (request, reply) => {
      await overrideGrade(app.db, request.workspaceAccess!, request.user!, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/workspaces/:id/gradebook/overrides',
    {
      ...owner,
      schema: {
        tags: ['gradebook'],
        summary: 'Remove an override (owner): the member gets the graded score again',
        params: workspaceParams,
        querystring: gradeOverrideKey,
        response: {
          204: noContent,
          ...errorResponses(...IN_WORKSPACE, 'gradebook_item_not_found'),
        },
      },
    },
    async (request, reply) => {
      await removeOverride(app.db, request.workspaceAccess!, request.query);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/workspaces/:id/gradebook/weights',
    {
      ...owner,
      schema: {
        tags: ['gradebook'],
        summary: 'Category weights of the final percentage (owner)',
        params: workspaceParams,
        body: gradebookWeights,
        response: { 204: noContent, ...errorResponses(...IN_WORKSPACE) },
      },
    },
    async (request, reply) => {
      await changeWeights(app.db, request.workspaceAccess!, request.body);
      return reply.status(204).send();
    },
  );
};
