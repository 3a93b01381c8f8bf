import {
  AppError,
  apiErrorBody,
  type ErrorId,
  errorIdForStatus,
  errors,
  isAppError,
  toApiErrorBody,
} from '@teamshuffle/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/**
 * The one way the server answers an error: the catalogue's `{ error, message }` body (an entry by
 * id, or a thrown AppError as `toApiErrorBody` presents it, hiding what it must) with its status.
 * Every refusal (the error handler, the session checks, the cross-site check, the outbox, the
 * files route) goes through it.
 */
export function sendError(
  reply: FastifyReply,
  error: ErrorId | AppError,
  message?: string,
  field?: string,
) {
  const appError = typeof error === 'string' ? new AppError(error, { message, field }) : error;
  return reply
    .status(appError.status)
    .type('application/json; charset=utf-8')
    .send(toApiErrorBody(appError));
}

// PostgreSQL error codes that come from bad input reaching a constraint, not from a bug.
const idByPgCode: Partial<Record<string, ErrorId>> = {
  '23505': 'conflict', // unique_violation
  '23503': 'conflict', // foreign_key_violation
  '23514': 'rule_broken', // check_violation
  '22P02': 'validation_failed', // invalid_text_representation (e.g. a malformed uuid)
  '22001': 'validation_failed', // string_data_right_truncation
  '22003': 'validation_failed', // numeric_value_out_of_range
  // Two writers met; write paths take locks in one order so this should not happen, but if it
  // does the client is told to reload and try again rather than shown a server error.
  '40P01': 'conflict', // deadlock_detected
  '40001': 'conflict', // serialization_failure
};

function pgCode(error: unknown): string | undefined {
  // Drizzle wraps driver errors; the PostgreSQL code sits on the error or on its cause.
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function handleError(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
    const message = `${field ? `${where}${field}: ` : where}${issue?.message ?? 'is invalid'}`;
    return sendError(reply, 'validation_failed', message.trim(), field);
  }
  if (isAppError(error)) return sendError(reply, error);
  const code = pgCode(error);
  const pgId = code ? idByPgCode[code] : undefined;
  if (pgId) {
    request.log.info({ err: error, pgCode: code }, 'database refused the input');
    return sendError(reply, pgId);
  }
  const status = error.statusCode;
  if (
    !isResponseSerializationError(error) &&
    status !== undefined &&
    status >= 400 &&
    status < 500
  ) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large, ...) carry
    // safe messages and a 4xx status; the catalogue's id for that status names them.
    const id = errorIdForStatus(status);
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ error: id, message: error.message || errors[id].message });
  }
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  const def = errors.internal;
  return reply
    .status(def.status)
    .type('application/json; charset=utf-8')
    .send({ error: def.id, message: def.message, requestId: request.id });
}

/** The `response` entry of a 204 answer. */
export const noContent = z.undefined().describe('No content');

/**
 * The `response` entries of a route's error answers, from the catalogue: one per status, each
 * the `{ error, message }` body described by the ids it can carry (so the OpenAPI document lists
 * them). Spread it into a route's `schema.response`.
 */
export function errorResponses(...ids: ErrorId[]): Record<number, typeof apiErrorBody> {
  const byStatus = new Map<number, string[]>();
  for (const id of ids) {
    const { status } = errors[id];
    byStatus.set(status, [...(byStatus.get(status) ?? []), publicIdOf(id)]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      apiErrorBody.describe(`Error: ${[...new Set(list)].join(', ')}`),
    ]),
  );
}

// What the API reports for a hidden id (a workspace you cannot see is one that does not exist).
function publicIdOf(id: ErrorId): string {
  return toApiErrorBody(new AppError(id)).error;
}

// Answers any operation can give, whatever it does: a URL or text the input floor refuses, the
// rate limit, a failure, a server that is shutting down; and for requests that carry a body, a
// refused origin, a body too large or of a type the API does not take.
const ANY_OPERATION: ErrorId[] = [
  'validation_failed',
  'too_many_requests',
  'internal',
  'service_unavailable',
];
const WITH_BODY: ErrorId[] = ['cross_site_refused', 'payload_too_large', 'unsupported_media_type'];

/**
 * One error handler for the whole app, and every documented operation's error answers in its
 * schema: the ones any operation can give are added to what the route declares itself.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
    app.addHook('onRoute', (route) => {
      if (!route.schema || route.schema.hide) return;
      const methods = [route.method].flat();
      const isSafe = methods.every((method) => method === 'GET' || method === 'HEAD');
      const common = errorResponses(...ANY_OPERATION, ...(isSafe ? [] : WITH_BODY));
      const declared = (route.schema.response ?? {}) as Record<string, unknown>;
      route.schema.response = { ...common, ...declared };
    });
  },
  { name: 'errors', fastify: '5.x' },
);
