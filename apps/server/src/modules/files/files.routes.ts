import type {} from '@fastify/multipart';
import { safeParam, type StoredFile, storageUsage, TEXT_LIMITS } from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendError } from '../../plugins/errors.ts';
import { notifyStorageChanged } from '../notifications/notifications.service.ts';
import { sendStoredFile } from './file-download.ts';
import type { FileRow } from './files.repository.ts';
import { findFile } from './files.repository.ts';
import { FileStore } from './files.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

/** The API's view of a stored file row. */
export function presentFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.originalName,
    size: row.size,
    contentType: row.contentType,
    createdAt: row.createdAt.toISOString(),
  };
}

// How often every instance looks for bytes no row names (after a crash of another instance).
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Files: `app.files` for the modules that take uploads, the authorized download route, the
 * user's storage figure, and the sweep that leaves no bytes without a row after a crash.
 */
export const filesPlugin = fp(
  async (app: FastifyInstance, options: { uploadMs: number; quotaBytes: number }) => {
    // Uploads carry this instance's id: its lease (plugins/instance.ts) says whether it is alive.
    const store = new FileStore({
      instanceId: app.instance.id,
      db: app.db,
      storage: app.storage,
      quotaBytes: options.quotaBytes,
      uploadMs: options.uploadMs,
      log: app.log,
      // spec part 1, section 9: a user crossing 80% of the quota is warned (issue 13).
      onStored: (tx, userId, before, after) =>
        notifyStorageChanged(tx, userId, before, after, options.quotaBytes),
    });
    app.decorate('files', store);
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/api/files/:id',
      {
        onRequest: app.loadUser,
        // Ranges and ETags describe the stored bytes, so they are never re-encoded.
        compress: false,
        schema: {
          tags: ['files'],
          summary: 'A stored file, for those its owner module allows (ranges, ETag)',
          params: z.object({ id: safeParam(TEXT_LIMITS.id) }),
          response: {
            200: z.any().describe("The file's bytes"),
            206: z.any().describe('The requested range of the bytes'),
            304: z.undefined().describe('Not modified (If-None-Match)'),
            416: z.undefined().describe('The range is past the end'),
            ...errorResponses('file_not_found'),
          },
        },
      },
      async (request, reply) => {
        const file = await findFile(app.db, request.params.id);
        // A file the caller may not read answers exactly like one that does not exist, also to a
        // signed-out visitor or an unverified account: no link works without a verified session.
        const user = request.user;
        if (!file || !user?.isVerified || !(await store.canRead(file, user))) {
          return sendError(reply, 'file_not_found');
        }
        return sendStoredFile(request, reply, app.storage, file);
      },
    );

    typed.get(
      '/api/me/storage',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['account'],
          summary: 'My stored bytes against the quota',
          response: { 200: storageUsage, ...errorResponses('unauthenticated') },
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send(await store.usage(request.user!.id)),
    );

    // After a crash: the embedded database is one process's, so every quota claim in it is stale
    // and every blob without a row is an orphan; on a shared database, only old ones are.
    const sweep = () =>
      store
        .sweep({ isOnlyInstance: app.dbDriver === 'pglite' })
        .then(({ removed }) => {
          if (removed > 0) app.log.info({ removed }, 'removed file bytes that no row names');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'the file sweep failed'));
    // Dead instances' claims and uploads (a lapsed lease): at start, and every collection period.
    // The embedded database is one process's: every instance but this one is dead.
    // An instance of this host whose process is gone (killed, then restarted here) is dead now,
    // not when its lease lapses: its leftovers go at this start (migration 0024).
    const collect = () =>
      app.instance
        .endGoneProcesses()
        .then(() => store.collectDead({ isOnlyInstance: app.instance.isOnlyInstance }))
        .then(({ droppedClaims, removed }) => {
          if (droppedClaims > 0 || removed > 0)
            app.log.info({ droppedClaims, removed }, "collected a dead instance's uploads");
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'the upload collection failed'));
    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      await collect();
      await sweep();
      timers.push(
        setInterval(() => void sweep(), SWEEP_EVERY_MS),
        setInterval(() => void collect(), app.instance.collectEveryMs),
      );
      for (const timer of timers) timer.unref();
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
    });
  },
  {
    name: 'files',
    fastify: '5.x',
    dependencies: ['database', 'instance', 'storage', 'auth', 'errors', 'input', 'notifications'],
  },
);
