import { createHash } from 'node:crypto';
import { appError, errors, IDEMPOTENCY_KEY_PATTERN } from '@teamshuffle/domain';
import type { ErrorId } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { actionContext } from '../db/action-context.ts';
import { rowsOf } from '../db/rows.ts';
import type { Db } from './database.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` header (issue 23, decision 0015): a repeat of the same
     * request by the same user under the same key gets the first answer and changes nothing.
     */
    idempotent?: boolean;
  }
}

/** How long a key holds its first answer (decision 0015). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The `headers` schema of an idempotent route: documents the header in the OpenAPI document. The
 * plugin checks the key itself (before the route's access check), so this never refuses first.
 * Loose: the rest of the request's headers stay as they are.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, errors.idempotency_key_invalid.message)
    .optional()
    .describe(
      'A key the client makes for one user action (a UUID) and sends again on every retry of it: a repeat within 24 h gets the first answer (marked Idempotent-Replayed: true) and changes nothing; the same key with another request is a 422.',
    ),
});

/** The errors an idempotent route can answer besides its own (spread into `errorResponses`). */
export const IDEMPOTENCY_ERRORS = [
  // A route's own 400 replaces the generic one in the document: name it with the key's.
  'validation_failed',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_request_in_progress',
  'idempotency_answer_lost',
] as const satisfies readonly ErrorId[];

/** A key this instance claimed for the request it runs; `isOpen` until its answer is chosen. */
type Claim = { userId: string; key: string; fingerprint: string; isOpen: boolean };
type KeyRow = {
  fingerprint: string;
  status: 'running' | 'done';
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  /** The first request's work committed (its transaction marked the key). */
  is_committed: boolean;
  /** The instance running the first request is not alive (decision 0018). */
  is_orphaned: boolean;
  /** The first request runs on another instance than this one. */
  is_elsewhere: boolean;
};

/** Deletes the records older than 24 h (their keys are free anyway; this keeps the table small). */
export async function sweepExpiredKeys(db: Db): Promise<void> {
  await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`,
  );
}

// JSON.stringify's replacer: each object again with its keys in sorted order.
function withSortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) {
    sorted[name] = (value as Record<string, unknown>)[name];
  }
  return sorted;
}

/**
 * JSON with object keys sorted at every level, so the same body always has the same text. The
 * native serializer with a replacer: about 1 ms for a 1,000-member snapshot (114 kB), where the
 * recursive concatenation it replaced took 75 ms on the busy test machine.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, withSortedKeys) ?? 'null';
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/**
 * What makes two requests "the same" under one key: method, URL (path parameters and query) and
 * body. A JSON body counts by its canonical text; a multipart upload by its declared length (the
 * bytes stream into storage as they arrive, so they cannot be compared before the first answer is
 * chosen; a browser's FormData keeps the length of the same files and fields on every retry).
 */
function fingerprintOf(request: FastifyRequest): string {
  const body = isMultipart(request)
    ? `multipart:${request.headers['content-length'] ?? ''}`
    : `json:${canonicalJson(request.body)}`;
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n`)
    .update(body)
    .digest('hex');
}

/**
 * Idempotency-Key for creating requests (issue 23, decision 0015), on the routes whose options
 * say `config: { idempotent: true }`. The key is checked before the route's access check; the
 * first request claims (user, key) in the database once its body is valid; its 2xx answer is
 * kept there for 24 h, and a repeat (same user, key, method, URL and body) gets it back without
 * running the handler. A repeat while the first still runs gets 409; another request under the
 * key, 422. A failed first answer (4xx or 5xx) frees the key: a refusal changed nothing, so a
 * retry runs again. Keys are per signed-in user; every idempotent route requires sign-in.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: { runningLeaseMs: number }) => {
    // A first request that is still 'running' after the lease died with its instance: its key is
    // taken over by the next repeat. Longer than any request may run (the upload limit).
    const leaseSeconds = Math.ceil(options.runningLeaseMs / 1000);
    const ttlSeconds = IDEMPOTENCY_TTL_MS / 1000;
    const claims = new WeakMap<FastifyRequest, Claim>();

    const keyOf = (request: FastifyRequest) => request.headers['idempotency-key'];

    // Before the route's own preValidation (the access check): a malformed key is a 400 whatever
    // the caller's role. Signed-out callers were refused in onRequest already.
    const checkKey = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === undefined) return;
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        return sendError(reply, 'idempotency_key_invalid', undefined, 'Idempotency-Key');
      }
      if (isMultipart(request) && request.headers['content-length'] === undefined) {
        return sendError(
          reply,
          'validation_failed',
          'An upload sent with an Idempotency-Key must declare its Content-Length.',
          'Content-Length',
        );
      }
    };

    const instanceId = app.instance.id;
    const claim = async (userId: string, key: string, fingerprint: string) => {
      // A new key; or one whose record expired (24 h); or one whose first request died before its
      // work committed: with its instance (not alive), or past the time limit (claims made
      // before migration 0025 name no instance). A first request whose work committed keeps its
      // key: running it again would do the work twice.
      const result = await app.db.execute(sql`
        insert into idempotency_keys (user_id, key, fingerprint, instance_id)
        values (${userId}, ${key}, ${fingerprint}, ${instanceId})
        on conflict (user_id, key) do update set
          fingerprint = excluded.fingerprint, status = 'running', status_code = null,
          content_type = null, response_body = null, created_at = now(),
          instance_id = excluded.instance_id, committed_at = null
        where (idempotency_keys.status = 'done'
            and idempotency_keys.created_at < now() - make_interval(secs => ${ttlSeconds}))
          or (idempotency_keys.status = 'running' and idempotency_keys.committed_at is null
            and (idempotency_keys.created_at < now() - make_interval(secs => ${leaseSeconds})
              or (idempotency_keys.instance_id is not null
                and idempotency_keys.instance_id not in (${app.instance.aliveIds()}))))
        returning 1 as claimed`);
      return rowsOf<{ claimed: number }>(result).length > 0;
    };

    const readKey = async (userId: string, key: string) => {
      const result = await app.db.execute(sql`
        select fingerprint, status, status_code, content_type, response_body,
          committed_at is not null as is_committed,
          (instance_id is not null and instance_id not in (${app.instance.aliveIds()}))
            as is_orphaned,
          (instance_id is distinct from ${instanceId}::uuid) as is_elsewhere
        from idempotency_keys where user_id = ${userId} and key = ${key}`);
      return rowsOf<KeyRow>(result)[0];
    };

    const answerRepeat = (reply: FastifyReply, row: KeyRow, fingerprint: string) => {
      if (row.fingerprint !== fingerprint) {
        return sendError(reply, 'idempotency_key_reused', undefined, 'Idempotency-Key');
      }
      if (row.status === 'running' && row.is_committed && row.is_orphaned) {
        // The first request's work is saved, and its answer died with its instance: running it
        // again would do the work twice, and there is no answer to give back.
        return sendError(reply, 'idempotency_answer_lost');
      }
      if (row.status === 'running') {
        return sendError(reply.header('retry-after', '1'), 'idempotency_request_in_progress');
      }
      if (row.content_type) reply.type(row.content_type);
      return reply
        .status(row.status_code ?? 200)
        .header('idempotent-replayed', 'true')
        .header('cache-control', 'no-store')
        .send(row.response_body ?? '');
    };

    // After the access check and the body's validation: only a valid request claims its key.
    const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      const user = request.user;
      if (typeof key !== 'string' || !user) return;
      const fingerprint = fingerprintOf(request);
      let hasLookedForGone = false;
      // A few rounds at most: a first request that failed between our insert and our read freed
      // the key; one that runs on an instance of this host whose process is gone is taken over
      // once its lease is ended (a restart here after a kill).
      for (let round = 0; round < 3; round++) {
        if (await claim(user.id, key, fingerprint)) {
          claims.set(request, { userId: user.id, key, fingerprint, isOpen: true });
          return;
        }
        const row = await readKey(user.id, key);
        if (
          row?.status === 'running' &&
          row.fingerprint === fingerprint &&
          row.is_elsewhere &&
          !row.is_orphaned &&
          !hasLookedForGone
        ) {
          hasLookedForGone = true;
          if ((await app.instance.endGoneProcesses()) > 0) continue;
        }
        if (row) return answerRepeat(reply, row, fingerprint);
      }
      return sendError(reply.header('retry-after', '1'), 'idempotency_request_in_progress');
    };

    const release = async (request: FastifyRequest, claimed: Claim) => {
      claimed.isOpen = false;
      claims.delete(request);
      const { userId, key, fingerprint } = claimed;
      await app.db.execute(sql`
        delete from idempotency_keys
        where user_id = ${userId} and key = ${key} and fingerprint = ${fingerprint}
          and status = 'running' and instance_id = ${instanceId}`);
    };

    /**
     * The last statement of each transaction the request commits: marks its key as committed, in
     * the same transaction. A key another instance took over (this one was taken for dead: it
     * stalled past its lease) refuses the commit, so the work is never done twice.
     */
    const markCommitted = async (tx: Db, claimed: Claim) => {
      if (!claimed.isOpen) return;
      const marked = await tx.execute(sql`
        update idempotency_keys set committed_at = coalesce(committed_at, now())
        where user_id = ${claimed.userId} and key = ${claimed.key}
          and fingerprint = ${claimed.fingerprint} and instance_id = ${instanceId}
        returning 1 as marked`);
      if (rowsOf(marked).length === 0) throw appError('idempotency_request_in_progress');
    };

    // The answer is kept before it is sent, so a repeat that follows the answer finds it.
    const recordAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claimed = claims.get(request);
      if (!claimed) return payload;
      try {
        const status = reply.statusCode;
        const body =
          payload === null || payload === undefined
            ? ''
            : typeof payload === 'string'
              ? payload
              : Buffer.isBuffer(payload)
                ? payload.toString('utf8')
                : undefined;
        if (status < 200 || status >= 300 || body === undefined) {
          await release(request, claimed);
          return payload;
        }
        claimed.isOpen = false;
        claims.delete(request);
        const contentType = reply.getHeader('content-type');
        await app.db.execute(sql`
          update idempotency_keys set status = 'done', status_code = ${status},
            content_type = ${typeof contentType === 'string' ? contentType : null},
            response_body = ${body}
          where user_id = ${claimed.userId} and key = ${claimed.key}
            and fingerprint = ${claimed.fingerprint} and status = 'running'
            and instance_id = ${instanceId}`);
      } catch (error) {
        request.log.error({ err: error }, 'could not record the idempotent answer');
        // Not left 'running' for the lease: a retry runs again rather than waiting minutes.
        await release(request, claimed).catch(() => {});
      }
      return payload;
    };

    // A request that ended without onSend (a hijacked or destroyed reply) frees its key.
    const releaseLeftover = async (request: FastifyRequest) => {
      const claimed = claims.get(request);
      if (claimed) await release(request, claimed).catch(() => {});
    };

    // The hooks go on the idempotent routes only: every other request pays nothing for them.
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      if (!route.schema?.headers) {
        throw new Error(
          `${String(route.method)} ${route.url} is idempotent but does not declare the Idempotency-Key header (idempotencyHeaders)`,
        );
      }
      const list = <T>(hooks: T | T[] | undefined): T[] =>
        hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
      route.preValidation = [checkKey, ...list(route.preValidation)];
      route.preHandler = [...list(route.preHandler), claimKey];
      // The handler runs in the claim's action context: every transaction it commits marks the
      // key (markCommitted), in that transaction.
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request, reply) {
        const claimed = claims.get(request);
        if (!claimed) return handler.call(this, request, reply);
        return actionContext.run({ beforeCommit: (tx) => markCommitted(tx, claimed) }, () =>
          handler.call(this, request, reply),
        );
      };
      // First among the route's onSend hooks: compression (added to each route by its own onRoute
      // hook, which ran before this one) must come after the answer is kept as it was sent.
      route.onSend = [recordAnswer, ...list(route.onSend)];
      route.onResponse = [...list(route.onResponse), releaseLeftover];
    });

    const sweep = () =>
      sweepExpiredKeys(app.db).catch((error: unknown) =>
        app.log.error({ err: error }, 'the idempotency sweep failed'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'idempotency', fastify: '5.x', dependencies: ['database', 'errors', 'instance'] },
);
