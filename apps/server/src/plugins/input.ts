import { AppError, hasRefusedCharacters, TEXT_MESSAGES } from '@teamshuffle/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** Deepest JSON nesting any request body may have; the app's own bodies need five levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `max` (arrays and objects), found by one pass over the
 * text: nothing deeper is ever parsed, so no parser, validator or library below can overflow its
 * stack on it (Better Auth's request conversion did on 5,000 nested arrays).
 */
export function jsonNestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > max) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * The path of the first string (value or key) in `value` holding a character no text field
 * accepts, or null. Iterative, so its depth is not the stack's.
 */
export function findRefusedText(value: unknown, prefix = ''): string | null {
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    // Multi-line is the floor here: single-line fields refuse newlines in their own schemas.
    if (typeof current === 'string') {
      if (hasRefusedCharacters(current, true)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, path ? `${path}.${index}` : `${index}`]));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (hasRefusedCharacters(key, true)) return itemPath;
        stack.push([item, itemPath]);
      }
    }
  }
  return null;
}

function refusedTextIn(request: FastifyRequest): AppError | null {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [where, value] of parts) {
    const path = findRefusedText(value);
    if (path === null) continue;
    const field = path || undefined;
    const label = where === 'body' ? (field ?? 'body') : `${where}${field ? ` ${field}` : ''}`;
    return new AppError('validation_failed', {
      message: `${label}: ${TEXT_MESSAGES.bad_characters}`,
      field,
    });
  }
  return null;
}

/** Whether a route's body schema takes a JSON object (a zod object, or a union of them). */
function takesObject(schema: unknown): boolean {
  const def = (schema as { def?: { type?: string; options?: unknown[]; innerType?: unknown } })
    ?.def;
  if (!def) return false;
  if (def.type === 'object') return true;
  if (def.type === 'union') return (def.options ?? []).some(takesObject);
  if (def.type === 'pipe' || def.type === 'default' || def.type === 'optional')
    return takesObject((def as { in?: unknown }).in ?? def.innerType);
  return false;
}

/**
 * Every bad body is a 400 (issue 23, decision 0018): a route whose schema takes a JSON object
 * refuses, before any guard or handler reads the body, a body that is not a JSON object (`null`,
 * an array, a number, a string) and a body sent as another content type (multipart, form, text).
 */
function wrongKindOfBody(request: FastifyRequest): AppError | null {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  // Multipart is parsed app-wide but only upload routes (`config.bodyTimeout: 'upload'`) read it:
  // anywhere else (Better Auth's endpoints, routes without a body schema) it is not what the
  // operation takes.
  const isUploadRoute =
    (request.routeOptions.config as { bodyTimeout?: string } | undefined)?.bodyTimeout === 'upload';
  if (type.startsWith('multipart/') && !isUploadRoute) return new AppError('body_not_object');
  const schema = request.routeOptions.schema?.body;
  if (!schema || !takesObject(schema)) return null;
  const hasBody = request.body !== undefined || type !== '';
  if (!hasBody) return null;
  const isJson = type === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(type);
  if (!isJson && type !== '') return new AppError('body_not_object');
  const body: unknown = request.body;
  if (body === undefined) return null;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return new AppError('body_not_object');
  return null;
}

/**
 * The floor under every route's own schema, for every request the app (and Better Auth behind
 * it) receives: JSON bodies nest at most MAX_JSON_DEPTH deep, and no string in the path, the
 * query or the body holds NUL, another control character, a lone surrogate or a bidirectional
 * override. Such input answers 400 before any handler, database or library sees it.
 */
export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    // Every body parser before any route: a multipart body sent to a JSON route is then parsed
    // (and refused as not an object, 400) wherever the route is registered, instead of a 415 in
    // the routes registered before the files module (issue 23, decision 0018). Uploads stream it.
    await app.register(multipart, { throwFileSizeLimit: false });
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const json = body as string;
      if (jsonNestsDeeperThan(json, MAX_JSON_DEPTH)) {
        done(
          new AppError('validation_failed', {
            message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
          }),
          undefined,
        );
        return;
      }
      void parseJson(request, json, done);
    });

    // Global, so it runs before any route's own preValidation (the workspace access guard).
    app.addHook('preValidation', async (request) => {
      const wrongBody = wrongKindOfBody(request);
      if (wrongBody) throw wrongBody;
      const refused = refusedTextIn(request);
      if (refused) throw refused;
    });
  },
  { name: 'input', fastify: '5.x', dependencies: ['errors'] },
);
