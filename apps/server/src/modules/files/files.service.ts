import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import {
  AppError,
  appError,
  BYTES_PER_MB,
  type ErrorId,
  errors,
  fileExtension,
  fillPlaceholders,
  hasRefusedCharacters,
  normalizeText,
} from '@teamshuffle/domain';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../plugins/auth.ts';
import { outsideAction } from '../../db/action-context.ts';
import type { Db } from '../../plugins/database.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { contentMatchesExtension, contentTypeOf, SNIFF_BYTES } from './file-content.ts';
import {
  deleteFileRows,
  dequeueDeletion,
  dropStaleReservations,
  type FileRow,
  growReservation,
  insertFiles,
  openReservation,
  queuedDeletions,
  releaseReservation,
  clearInflight,
  collectDeadInstances,
  markInflight,
  storedBytesOf,
  type Supersedes,
  unknownKeys,
} from './files.repository.ts';

/** What an upload route accepts; the refusals use the spec's words (part 2, section 5). */
export type UploadPolicy = {
  uploaderId: string;
  workspaceId: string | null;
  /** What the files will belong to: the module that registered this kind decides who reads them. */
  kind: string;
  maxFileBytes: number;
  /** Allowed extensions, lower case, without the dot. */
  allowedTypes: readonly string[];
  maxFiles: number;
  /** At least one file ('Please select at least one file'). */
  requireFiles?: boolean;
  /** Catalogue entries for a file too large and one of a wrong type, when a panel words them its own way. */
  refusals?: { tooLarge?: ErrorId; wrongType?: ErrorId };
  /**
   * The files `link` stops charging to the uploader (the attempt or answer this upload supersedes):
   * near the quota their bytes count as left for this upload (decision 0016). The same files as
   * `link` uncharges or deletes, read the same way, so the credit is never more than it frees.
   */
  supersedes?: Supersedes;
};

/** One file whose bytes are stored and whose row is not written yet. */
export type ReceivedFile = {
  storageKey: string;
  originalName: string;
  size: number;
  sha256: string;
  contentType: string;
};

/** A multipart request's text fields and stored files. */
export type ReceivedUpload = {
  fields: Record<string, string>;
  files: ReceivedFile[];
  reservationId: string;
  /** Every storage key this upload wrote or began to write (decision 0018). */
  inflightKeys: string[];
};

/** Decides whether a signed-in user may read a file of one kind. */
export type ReadAccess = (file: FileRow, user: SessionUser) => Promise<boolean>;

const FILE_NAME_MAX = 255;
// Room for the multipart boundaries, headers and text fields around the files.
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
// A claim grows by at least this much at a time as file bytes stream (decision 0018): few round
// trips per upload, and two uploads of one user that both fit both get through.
const CLAIM_STEP_BYTES = 256 * 1024;

/**
 * Bytes as the MB figure the messages show, rounded down to 0.1 MB: "You have 5MB remaining"
 * is never said when fewer than 5 MB of bytes are left (the check compares bytes).
 */
export function megabytes(bytes: number): string {
  const tenths = Math.floor((Math.max(0, bytes) * 10) / BYTES_PER_MB);
  return (tenths / 10).toFixed(1).replace(/\.0$/, '');
}

// A route's size limit in MB as its messages show it (0.2MB for 200 KB).
function limitInMb(bytes: number): string {
  return (Math.max(0, bytes) / BYTES_PER_MB).toFixed(1).replace(/\.0$/, '');
}

/** Busboy's words for a body that ends early or is not well-formed multipart. */
const MALFORMED_MULTIPART =
  /unexpected end of (form|file|multipart data)|malformed part header|boundary not found|part terminated early/i;

/**
 * Counts, hashes and checks the bytes of one file on their way to storage: more than `limit`
 * bytes fail the stream (nothing is kept), and so do first bytes that are not what the name's
 * extension says.
 */
class FileInspector extends Transform {
  bytes = 0;
  readonly #hash = createHash('sha256');
  readonly #head: Buffer[] = [];
  #headBytes = 0;
  #isChecked = false;
  readonly #limit: number;
  readonly #onTooLarge: () => Error;
  readonly #check: (head: Buffer) => Promise<Error | null>;
  readonly #claim: (bytes: number) => Promise<Error | null>;

  constructor(
    limit: number,
    onTooLarge: () => Error,
    check: (head: Buffer) => Promise<Error | null>,
    /** Claims quota for `bytes` more file bytes before they go on, or says why not. */
    claim: (bytes: number) => Promise<Error | null>,
  ) {
    super();
    this.#limit = limit;
    this.#onTooLarge = onTooLarge;
    this.#check = check;
    this.#claim = claim;
  }

  get sha256(): string {
    return this.#hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.bytes + chunk.length > this.#limit) return done(this.#onTooLarge());
    // Quota counts file bytes (decision 0018): the claim grows before the bytes go on.
    this.#claim(chunk.length).then(
      (refusal) => (refusal ? done(refusal) : this.#accept(chunk, done)),
      (error: unknown) => done(error as Error),
    );
  }

  #accept(chunk: Buffer, done: TransformCallback) {
    this.bytes += chunk.length;
    this.#hash.update(chunk);
    if (this.#isChecked) return done(null, chunk);
    this.#head.push(chunk);
    this.#headBytes += chunk.length;
    if (this.#headBytes < SNIFF_BYTES) return done();
    this.#runCheck(done);
  }

  override _flush(done: TransformCallback) {
    if (this.#isChecked) return done();
    this.#runCheck(done);
  }

  // The first bytes are held back until they are checked, so a refused file never reaches storage.
  #runCheck(done: TransformCallback) {
    this.#isChecked = true;
    const head = Buffer.concat(this.#head);
    this.#head.length = 0;
    this.#check(head.subarray(0, SNIFF_BYTES)).then(
      (refusal) => (refusal ? done(refusal) : done(null, head)),
      (error: unknown) => done(error as Error),
    );
  }
}

/** Told in an upload's transaction of the uploader's stored bytes before and after it. */
type OnStored = (tx: Db, userId: string, beforeBytes: number, afterBytes: number) => Promise<void>;

/**
 * `app.files`: the one place that stores, serves and removes files (docs/architecture.md, Files).
 * Uploads stream through quota and limit checks into the storage driver; a file's row is written
 * only once its bytes are durable, in the transaction of whatever links it; removing a row queues
 * its bytes (a trigger), and the queue is worked off after each commit and at start-up.
 */
export class FileStore {
  readonly #db: Db;
  readonly #storage: StorageDriver;
  readonly #quotaBytes: number;
  readonly #uploadMs: number;
  readonly #log: FastifyBaseLogger;
  readonly #readAccess = new Map<string, ReadAccess>();
  readonly #onStored: OnStored;
  readonly #instanceId: string;
  #draining: Promise<void> | null = null;
  #drainAgain = false;

  constructor(deps: {
    db: Db;
    storage: StorageDriver;
    quotaBytes: number;
    uploadMs: number;
    log: FastifyBaseLogger;
    /** In an upload's transaction: the uploader's stored bytes before and after it. */
    onStored?: OnStored;
    /** This instance's id: its claims and in-flight uploads carry it (decision 0018). */
    instanceId: string;
  }) {
    this.#instanceId = deps.instanceId;
    this.#db = deps.db;
    this.#storage = deps.storage;
    this.#quotaBytes = deps.quotaBytes;
    this.#uploadMs = deps.uploadMs;
    this.#log = deps.log;
    this.#onStored = deps.onStored ?? (async () => {});
  }

  get quotaBytes(): number {
    return this.#quotaBytes;
  }

  /** Says who may read files of a kind; a kind nobody registered is served to nobody. */
  registerReadAccess(kind: string, access: ReadAccess): void {
    if (this.#readAccess.has(kind)) throw new Error(`read access for ${kind} is registered twice`);
    this.#readAccess.set(kind, access);
  }

  /** Whether `user` may read `file`, by its kind's rule. */
  async canRead(file: FileRow, user: SessionUser): Promise<boolean> {
    const access = this.#readAccess.get(file.kind);
    return access ? access(file, user) : false;
  }

  /** The user's stored bytes and quota. */
  async usage(userId: string): Promise<{ usedBytes: number; quotaBytes: number }> {
    return { usedBytes: await storedBytesOf(this.#db, userId), quotaBytes: this.#quotaBytes };
  }

  /**
   * Receives a multipart upload, stores its files and, in one transaction, writes their rows and
   * whatever `link` writes with them. If anything fails, the stored bytes and the quota claim go.
   */
  async store<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    policy: UploadPolicy,
    link: (tx: Db, files: FileRow[], fields: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const received = await this.receive(request, reply, policy);
    let result: T;
    try {
      result = await this.#db.transaction(async (tx) => {
        // Read before the rows go in: linking may stop charging older bytes (a superseded
        // attempt, a replaced answer), so "after minus what was added" would come out too low
        // and warn a user past 80% again on every resubmission.
        const before = await storedBytesOf(tx, policy.uploaderId);
        const rows = await insertFiles(
          tx,
          received.files.map((file) => ({
            ...file,
            uploaderId: policy.uploaderId,
            workspaceId: policy.workspaceId,
            kind: policy.kind,
          })),
        );
        await releaseReservation(tx, received.reservationId);
        // Its bytes are still this instance's: had its lease lapsed (a stall) and another
        // instance collected them, the row would name bytes that are gone (decision 0018).
        const named = await clearInflight(tx, received.inflightKeys);
        if (named !== received.inflightKeys.length) throw new AppError('service_unavailable');
        const linked = await link(tx, rows, received.fields);
        // Its consequences (a storage warning) commit with it (issue 23).
        const after = await storedBytesOf(tx, policy.uploaderId);
        await this.#onStored(tx, policy.uploaderId, before, after);
        return linked;
      });
    } catch (error) {
      await this.discard(received);
      throw error;
    }
    return result;
  }

  /**
   * Streams a multipart request's files into storage under the policy's limits and the uploader's
   * quota (claimed before the first byte: a declared size that cannot fit is refused at once).
   * The caller writes the rows (see `store`) or calls `discard`.
   */
  async receive(
    request: FastifyRequest,
    reply: FastifyReply,
    policy: UploadPolicy,
  ): Promise<ReceivedUpload> {
    if (!request.isMultipart()) {
      throw new AppError('unsupported_media_type', {
        message: 'Send the files as multipart/form-data.',
      });
    }
    // A refusal part-way must not wait for the rest of a large body: the connection closes.
    const refuse = (error: unknown): never => {
      reply.header('connection', 'close');
      throw error;
    };
    const maxBody = policy.maxFiles * policy.maxFileBytes + MULTIPART_OVERHEAD_BYTES;
    const declared = Number(request.headers['content-length']);
    const hasDeclared = Number.isFinite(declared) && declared > 0;
    if (hasDeclared && declared > maxBody) refuse(this.#tooLarge(policy, '*'));
    // Quota counts file bytes, not the multipart framing around them (decision 0018). A declared
    // size is claimed at once, up to what is left (so of two uploads that do not fit together the
    // first gets through), and refused at once only when it could not fit even after the most
    // framing and fields a body may carry are taken off; the framing is given back at the end.
    // Without a declared size the claim grows by steps as the file bytes stream. Near the quota,
    // the bytes of what the upload supersedes count as left for it (decision 0016).
    // Not the action's work: a claim's commit does not mark an idempotent request (0015).
    const claim = await outsideAction(() =>
      openReservation(this.#db, {
        userId: policy.uploaderId,
        mustFit: hasDeclared ? Math.max(0, declared - MULTIPART_OVERHEAD_BYTES) : 0,
        initial: hasDeclared ? declared : 0,
        quotaBytes: this.#quotaBytes,
        expiresAt: new Date(Date.now() + this.#uploadMs),
        instanceId: this.#instanceId,
        supersedes: policy.supersedes,
      }),
    );
    if ('remainingBytes' in claim) {
      return refuse(appError('storage_limit_exceeded', { n: megabytes(claim.remainingBytes) }));
    }

    const upload: ReceivedUpload = {
      fields: {},
      files: [],
      reservationId: claim.reservationId,
      inflightKeys: [],
    };
    // File bytes of this upload so far, and bytes claimed for them: a claim grows by steps, never
    // past the declared size (when there is one), and never past the quota.
    let fileBytes = 0;
    let claimed = claim.bytes;
    const claimMore = async (bytes: number): Promise<Error | null> => {
      fileBytes += bytes;
      if (fileBytes <= claimed) return null;
      const need = fileBytes - claimed;
      const want = hasDeclared
        ? Math.max(need, Math.min(CLAIM_STEP_BYTES, declared - claimed))
        : Math.max(need, CLAIM_STEP_BYTES);
      const grown = await outsideAction(() =>
        growReservation(this.#db, {
          reservationId: claim.reservationId,
          userId: policy.uploaderId,
          need,
          want,
          quotaBytes: this.#quotaBytes,
          supersedes: policy.supersedes,
        }),
      );
      if ('remainingBytes' in grown) {
        fileBytes -= bytes;
        return appError('storage_limit_exceeded', { n: megabytes(grown.remainingBytes) });
      }
      claimed += grown.added;
      return null;
    };
    try {
      const parts = request.parts({
        limits: {
          fileSize: policy.maxFileBytes + 1,
          files: policy.maxFiles,
          fields: 20,
          fieldSize: 64 * 1024,
          parts: policy.maxFiles + 20,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : '';
          if (hasRefusedCharacters(part.fieldname) || hasRefusedCharacters(value, true)) {
            throw new AppError('validation_failed', {
              message: `${part.fieldname}: This contains characters that are not allowed`,
              field: part.fieldname,
            });
          }
          upload.fields[part.fieldname] = value;
          continue;
        }
        const file = await this.#storeOne(part, policy, claimMore, upload);
        upload.files.push(file);
      }
      if (policy.requireFiles && upload.files.length === 0) {
        throw new AppError('files_required');
      }
      return upload;
    } catch (error) {
      await this.discard(upload);
      return refuse(this.#asUploadError(error, policy));
    }
  }

  async #storeOne(
    part: { filename: string; file: NodeJS.ReadableStream & { truncated?: boolean } },
    policy: UploadPolicy,
    claimMore: (bytes: number) => Promise<Error | null>,
    upload: ReceivedUpload,
  ): Promise<ReceivedFile> {
    const originalName = normalizeText(part.filename || 'file');
    if (originalName.length > FILE_NAME_MAX || hasRefusedCharacters(originalName)) {
      throw new AppError('validation_failed', {
        message: 'The file name is too long or contains characters that are not allowed.',
        field: 'file',
      });
    }
    const extension = fileExtension(originalName);
    if (!policy.allowedTypes.includes(extension)) throw this.#wrongType(policy, originalName);
    const inspector = new FileInspector(
      policy.maxFileBytes,
      () => this.#tooLarge(policy, originalName),
      async (head) =>
        head.length === 0
          ? appError('file_empty', { file: originalName })
          : (await contentMatchesExtension(head, extension))
            ? null
            : appError('file_content_mismatch', { file: originalName, ext: extension }),
      claimMore,
    );
    const storageKey = randomUUID();
    // Named as this instance's before the first byte is written: if the instance dies, whoever
    // collects its leftovers removes these bytes (decision 0018).
    await markInflight(this.#db, storageKey, this.#instanceId);
    upload.inflightKeys.push(storageKey);
    const source = part.file;
    // The inspector's own refusal is the answer; a driver may report it as something else (an
    // aborted upload), and must never see it as an unhandled 'error' event.
    let refusal: Error | undefined;
    inspector.on('error', (error) => (refusal ??= error));
    source.once('error', (error: Error) => inspector.destroy(error));
    source.pipe(inspector);
    try {
      await this.#storage.put(storageKey, inspector);
    } catch (error) {
      // Whatever is left of this part is read and dropped, so the next part (or the end) comes.
      source.unpipe(inspector);
      source.resume();
      throw refusal ?? error;
    }
    if (refusal) throw refusal;
    return {
      storageKey,
      originalName,
      size: inspector.bytes,
      sha256: inspector.sha256,
      contentType: contentTypeOf(extension),
    };
  }

  #tooLarge(policy: UploadPolicy, fileName: string): AppError {
    const n = limitInMb(policy.maxFileBytes);
    const id = policy.refusals?.tooLarge ?? 'file_too_large';
    return new AppError(id, {
      message: fillMessage(id, { n, file: fileName }),
      field: 'files',
    });
  }

  #wrongType(policy: UploadPolicy, fileName: string): AppError {
    const types = policy.allowedTypes.map((type) => type.toUpperCase()).join(', ');
    const id = policy.refusals?.wrongType ?? 'file_type_not_allowed';
    return new AppError(id, {
      message: fillMessage(id, { file: fileName, types, list: policy.allowedTypes.join(', ') }),
      field: 'files',
    });
  }

  // busboy's own refusals (too many files or fields) and a client that went away, as API errors.
  #asUploadError(error: unknown, policy: UploadPolicy): unknown {
    if (error instanceof AppError) return error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return new AppError('validation_failed', {
        message: `At most ${policy.maxFiles} file${policy.maxFiles === 1 ? '' : 's'} at a time.`,
        field: 'files',
      });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return new AppError('unsupported_media_type', {
        message: 'Send the files as multipart/form-data.',
      });
    }
    // A body that ends before its closing boundary, or is not well formed: 400 (decision 0018).
    const message = error instanceof Error ? error.message : '';
    if (MALFORMED_MULTIPART.test(message)) return new AppError('upload_malformed');
    return error;
  }

  /** Removes what `receive` stored and gives its quota claim back. */
  async discard(upload: ReceivedUpload): Promise<void> {
    const removed = await Promise.all(
      upload.inflightKeys.map((key) =>
        this.#storage.delete(key).then(
          () => key,
          (error: unknown) => {
            // Still named in inflight_uploads: the collector or the sweep removes it later.
            this.#log.warn({ err: error, key }, 'could not remove a discarded upload');
            return null;
          },
        ),
      ),
    );
    await releaseReservation(this.#db, upload.reservationId).catch(() => {});
    await clearInflight(
      this.#db,
      removed.filter((key): key is string => key !== null),
    ).catch(() => {});
  }

  /**
   * Collects the leftovers of dead instances (decision 0018): their quota claims, and the bytes of
   * their uploads that never committed. Safe any time, from any instance.
   */
  async collectDead(
    options: { isOnlyInstance?: boolean } = {},
  ): Promise<{ droppedClaims: number; removed: number }> {
    const { droppedClaims, keys } = await collectDeadInstances(
      this.#db,
      options.isOnlyInstance ? this.#instanceId : undefined,
    );
    let removed = 0;
    for (const key of keys) {
      try {
        await this.#storage.delete(key);
        await clearInflight(this.#db, [key]);
        removed += 1;
      } catch (error) {
        // Still named: the next collection tries again.
        this.#log.warn({ err: error, key }, 'could not remove a dead upload yet');
      }
    }
    return { droppedClaims, removed };
  }

  /** Deletes file rows inside the caller's transaction; call `drain` after it commits. */
  async remove(tx: Db, fileIds: readonly string[]): Promise<void> {
    await deleteFileRows(tx, fileIds);
  }

  /**
   * Removes the bytes of deleted rows (the queue the trigger fills). Safe to call any time, from
   * any instance; a failure leaves the key queued for the next call.
   */
  drain(): Promise<void> {
    if (this.#draining) {
      this.#drainAgain = true;
      return this.#draining;
    }
    const run = async () => {
      do {
        this.#drainAgain = false;
        for (;;) {
          const keys = await queuedDeletions(this.#db, 100);
          if (keys.length === 0) break;
          let removed = 0;
          for (const key of keys) {
            try {
              await this.#storage.delete(key);
              await dequeueDeletion(this.#db, key);
              removed += 1;
            } catch (error) {
              this.#log.warn({ err: error, key }, 'could not remove deleted file bytes yet');
            }
          }
          if (removed === 0) break;
        }
      } while (this.#drainAgain);
    };
    this.#draining = run()
      .catch((error: unknown) => {
        // The keys stay queued; the next drain (after another deletion, or the hourly sweep) retries.
        this.#log.warn({ err: error }, 'could not work off the file deletion queue');
      })
      .finally(() => {
        this.#draining = null;
      });
    return this.#draining;
  }

  /**
   * After a crash: temporary files, stale quota claims, queued deletions, and bytes no row names
   * (older than `orphanAfterMs`, so another instance's upload about to commit is left alone).
   */
  async sweep(options: { isOnlyInstance: boolean }): Promise<{ removed: number }> {
    let removed = await this.#storage.sweepTemporary();
    await dropStaleReservations(this.#db, options.isOnlyInstance);
    await this.drain();
    const orphanBefore = options.isOnlyInstance ? Infinity : Date.now() - this.#uploadMs - 60_000;
    let batch: string[] = [];
    const flush = async () => {
      for (const key of await unknownKeys(this.#db, batch)) {
        await this.#storage.delete(key);
        removed += 1;
      }
      batch = [];
    };
    for await (const stored of this.#storage.list()) {
      if (stored.modifiedAt.getTime() > orphanBefore) continue;
      batch.push(stored.key);
      if (batch.length >= 500) await flush();
    }
    await flush();
    return { removed };
  }
}

// The catalogue's message for an id, with its `{name}` placeholders filled from `params`.
function fillMessage(id: ErrorId, params: Record<string, string | number>): string {
  return fillPlaceholders(errors[id].message, params);
}
