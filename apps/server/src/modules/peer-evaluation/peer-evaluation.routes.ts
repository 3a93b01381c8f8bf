import {
  peerApplicationInput,
  peerEvaluationCreateInput,
  peerEvaluationForm,
  peerEvaluationList,
  peerEvaluationResults,
  peerEvaluationSummary,
  peerEvaluationUpdateInput,
  peerResponseInput,
  safeParam,
  TEXT_LIMITS,
} from '@teamshuffle/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import {
  answer,
  changeCap,
  createEvaluation,
  listEvaluations,
  readForm,
  readResults,
  release,
  remind,
  remindNow,
  setApplication,
} from './peer-evaluation.service.ts';

const workspaceParams = z.object({ id: safeParam(TEXT_LIMITS.id) });
const evaluationParams = z.object({
  id: safeParam(TEXT_LIMITS.id),
  evaluationId: z.uuid(),
});
const applicationParams = evaluationParams.extend(peerApplicationInput.shape);

// Who may not ask, and a workspace the caller may not see (answered as one that does not exist).
const IN_A_WORKSPACE = [
  'unauthenticated',
  'email_not_verified',
  'workspace_not_found',
  'forbidden',
  'validation_failed',
] as const;

/** How often each instance reminds those who have not answered an evaluation ending within a day. */
const REMINDER_SWEEP_MS = 60_000;
const REMIND_WITHIN_HOURS = 24;

/**
 * Peer evaluation (issue 25, decision 0026): the owner opens one on chosen teams, follows the
 * progress, reads the results, releases them and applies the factor to items; members answer and,
 * once released, see their own aggregate.
 */
export const peerEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = (action: 'manageAssignments' | 'submitTask' | 'read') => ({
    onRequest: app.requireVerifiedUser,
    preValidation: app.workspaceAccess(action),
  });
  const owner = guard('manageAssignments');
  const accessOf = (request: FastifyRequest) => request.workspaceAccess!;
  const base = '/api/workspaces/:id/peer-evaluations';
  const one = `${base}/:evaluationId`;

  app.get(
    base,
    {
      ...guard('read'),
      schema: {
        tags: ['peer-evaluation'],
        summary:
          "The workspace's peer evaluations: all with progress (owner), or my team's (member)",
        params: workspaceParams,
        response: { 200: peerEvaluationList, ...errorResponses(...IN_A_WORKSPACE) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await listEvaluations(app.db, accessOf(request))),
  );

  app.post(
    base,
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['peer-evaluation'],
        summary: 'Open a peer evaluation for a window on chosen teams (owner)',
        params: workspaceParams,
        headers: idempotencyHeaders,
        body: peerEvaluationCreateInput,
        response: {
          201: peerEvaluationSummary,
          ...errorResponses(...IN_A_WORKSPACE, ...IDEMPOTENCY_ERRORS, 'peer_team_not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createEvaluation(app.db, accessOf(request), request.user!.id, request.body)),
  );

  app.get(
    `${one}/results`,
    {
      ...owner,
      schema: {
        tags: ['peer-evaluation'],
        summary: 'Results (owner): averages by others and self, factors, flags, comments',
        params: evaluationParams,
        response: {
          200: peerEvaluationResults,
          ...errorResponses(...IN_A_WORKSPACE, 'peer_evaluation_not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await readResults(app.db, accessOf(request), request.params.evaluationId)),
  );

  app.patch(
    one,
    {
      ...owner,
      schema: {
        tags: ['peer-evaluation'],
        summary: "Change the adjustment factor's cap (owner)",
        params: evaluationParams,
        body: peerEvaluationUpdateInput,
        response: {
          200: peerEvaluationResults,
          ...errorResponses(...IN_A_WORKSPACE, 'peer_evaluation_not_found'),
        },
      },
    },
    async (request) =>
      changeCap(app.db, accessOf(request), request.params.evaluationId, request.body.factorCap),
  );

  app.post(
    `${one}/release`,
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['peer-evaluation'],
        summary: 'Release the results: each member then sees their own aggregate (owner)',
        params: evaluationParams,
        headers: idempotencyHeaders,
        response: {
          200: peerEvaluationResults,
          ...errorResponses(...IN_A_WORKSPACE, ...IDEMPOTENCY_ERRORS, 'peer_evaluation_not_found'),
        },
      },
    },
    async (request) => release(app.db, accessOf(request), request.params.evaluationId),
  );

  app.post(
    `${one}/reminders`,
    {
      ...owner,
      schema: {
        tags: ['peer-evaluation'],
        summary: 'Remind those who have not answered, once per person (owner)',
        params: evaluationParams,
        response: {
          200: z.object({ reminded: z.number() }),
          ...errorResponses(
            ...IN_A_WORKSPACE,
            'peer_evaluation_not_found',
            'peer_evaluation_not_open',
          ),
        },
      },
    },
    async (request) => remindNow(app.db, accessOf(request), request.params.evaluationId),
  );

  for (const [method, isApplied] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${one}/applications/:itemKind/:itemId`,
      ...owner,
      schema: {
        tags: ['peer-evaluation'],
        summary: isApplied
          ? "Apply the factor to an item's team grades (owner; the gradebook shows both)"
          : 'Take the factor off an item (owner)',
        params: applicationParams,
        response: {
          200: peerEvaluationResults,
          ...errorResponses(...IN_A_WORKSPACE, 'peer_evaluation_not_found', 'peer_item_not_found'),
        },
      },
      handler: async (request) => {
        const { evaluationId, itemKind, itemId } = request.params;
        return setApplication(
          app.db,
          accessOf(request),
          evaluationId,
          { itemKind, itemId },
          isApplied,
        );
      },
    });
  }

  app.get(
    `${one}/form`,
    {
      ...guard('submitTask'),
      schema: {
        tags: ['peer-evaluation'],
        summary: 'My form: my teammates, my answer, my released aggregate (leader, member)',
        params: evaluationParams,
        response: {
          200: peerEvaluationForm,
          ...errorResponses(...IN_A_WORKSPACE, 'peer_evaluation_not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await readForm(app.db, accessOf(request), request.params.evaluationId)),
  );

  app.put(
    `${one}/response`,
    {
      ...guard('submitTask'),
      config: { idempotent: true },
      schema: {
        tags: ['peer-evaluation'],
        summary: 'Answer: rate myself and each teammate on the five dimensions (leader, member)',
        params: evaluationParams,
        headers: idempotencyHeaders,
        body: peerResponseInput,
        response: {
          200: peerEvaluationForm,
          ...errorResponses(
            ...IN_A_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            'peer_evaluation_not_found',
            'peer_not_in_evaluation',
            'peer_evaluation_not_open',
            'peer_ratings_incomplete',
          ),
        },
      },
    },
    async (request) => answer(app.db, accessOf(request), request.params.evaluationId, request.body),
  );

  // Reminders for evaluations ending within a day, from every instance (each person once: a claim).
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      remind(app.db, { withinHours: REMIND_WITHIN_HOURS }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'peer evaluation reminders failed'),
      );
    }, REMINDER_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('preClose', async () => clearInterval(sweep));
};
