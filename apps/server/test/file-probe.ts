import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentFile } from '../src/modules/files/files.routes.ts';

/** The probe route's limit per file. */
export const PROBE_MAX_FILE_BYTES = 200 * 1024;
/** Readers of a probe file besides its uploader, by file id (tests add to it). */
export const probeReaders = new Map<string, Set<string>>();

/**
 * Routes that stand in for a feature that takes files (`POST /api/test/files`, one to three PDF,
 * PNG or TXT files of at most 200 KB, and `DELETE /api/test/files/:id`), so the files module can
 * be tested through HTTP before and apart from the features that use it.
 */
export function addFileProbe(app: FastifyInstance) {
  app.files.registerReadAccess(
    'probe',
    async (file, user) =>
      file.uploaderId === user.id || (probeReaders.get(file.id)?.has(user.id) ?? false),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/files',
    { onRequest: app.requireVerifiedUser, config: { bodyTimeout: 'upload' } },
    async (request, reply) => {
      const stored = await app.files.store(
        request,
        reply,
        {
          uploaderId: request.user!.id,
          workspaceId: null,
          kind: 'probe',
          maxFileBytes: Number(process.env.PROBE_MAX_FILE_BYTES ?? PROBE_MAX_FILE_BYTES),
          allowedTypes: ['pdf', 'png', 'txt'],
          maxFiles: 3,
          requireFiles: true,
        },
        async (_tx, rows, fields) => ({ files: rows.map(presentFile), fields }),
      );
      return reply.status(201).send(stored);
    },
  );
  typed.delete(
    '/api/test/files/:id',
    { onRequest: app.requireVerifiedUser, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      await app.db.transaction((tx) => app.files.remove(tx, [request.params.id]));
      await app.files.drain();
      return reply.status(204).send();
    },
  );
}
