import {
  resultSummary,
  type SavedResult,
  savedResult,
  saveResultInput,
  SHUFFLE_ERROR_IDS,
} from '@teamshuffle/domain';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import {
  checkedSave,
  getResult,
  listResults,
  removeResult,
  saveResult,
} from './results.service.ts';

const params = z.object({ id: z.uuid('Result not found') });
const SIGNED_IN_ONLY = ['unauthenticated', 'email_not_verified'] as const;

/**
 * The error Fastify makes of a body that fails `saveResultInput` (the same validator, run here
 * only once the worker found the body invalid), so the error handler answers the same 400.
 */
function schemaError(body: unknown): Error {
  const result = validatorCompiler({
    schema: saveResultInput,
    method: 'POST',
    url: '/api/results',
    httpPart: 'body',
  })(body) as { error?: unknown[] };
  return Object.assign(new Error('body is not valid'), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation: result.error ?? [],
    validationContext: 'body',
  });
}

/** /api/results: the signed-in, verified user's saved shuffles. Owners only, for every action. */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: the caller is checked before the body is, so anonymous callers always get 401.
  app.addHook('onRequest', app.requireVerifiedUser);

  app.get(
    '/api/results',
    {
      schema: {
        tags: ['results'],
        summary: 'My saved results, newest first',
        response: { 200: z.array(resultSummary), ...errorResponses(...SIGNED_IN_ONLY) },
      },
    },
    async (request) => listResults(app.db, request.user!.id),
  );

  app.get(
    '/api/results/:id',
    {
      schema: {
        tags: ['results'],
        summary: 'One saved result',
        params,
        response: { 200: savedResult, ...errorResponses(...SIGNED_IN_ONLY, 'not_found') },
      },
    },
    async (request) => getResult(app.db, request.user!.id, request.params.id),
  );

  app.post(
    '/api/results',
    {
      config: { idempotent: true },
      schema: {
        tags: ['results'],
        summary: 'Save a result',
        headers: idempotencyHeaders,
        body: saveResultInput,
        response: {
          201: savedResult,
          ...errorResponses(
            ...SIGNED_IN_ONLY,
            ...IDEMPOTENCY_ERRORS,
            ...SHUFFLE_ERROR_IDS,
            'duplicate_result_title',
            'duplicate_member_email',
            'rule_broken',
          ),
        },
      },
      // The body schema documents the body; the handler parses it with the check, in the CPU
      // worker (issue 22), and a body that fails it answers as this schema would have.
      validatorCompiler: () => (body: unknown) => ({ value: body }),
    },
    async (request, reply) => {
      const save = await checkedSave(app.cpu, request.body);
      if (!save) throw schemaError(request.body);
      // The answer repeats the snapshot the worker has just parsed, as the JSON bytes it made:
      // not encoded here, nor parsed again by the response schema, which for 1,000 members held
      // the event loop about 10 ms a save (issue 22). A test parses these bytes with `savedResult`.
      const saved = await saveResult(app.db, request.user!.id, save);
      return reply
        .status(201)
        .type('application/json; charset=utf-8')
        .send(saved as unknown as SavedResult);
    },
  );

  app.delete(
    '/api/results/:id',
    {
      schema: {
        tags: ['results'],
        summary: 'Delete a saved result',
        params,
        response: { 204: noContent, ...errorResponses(...SIGNED_IN_ONLY, 'not_found') },
      },
    },
    async (request, reply) => {
      await removeResult(app.db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
