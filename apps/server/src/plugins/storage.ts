import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';

/** An inclusive byte range of a stored blob. */
export type ByteRange = { start: number; end: number };

/** One stored blob, as a sweep sees it. */
export type StoredKey = { key: string; modifiedAt: Date };

/**
 * Where file bytes live: a folder on disk or an S3 bucket. Keys are made by the app (never from a
 * user's file name). Writers stream; nothing holds a whole file in memory.
 */
export interface StorageDriver {
  readonly kind: 'disk' | 's3';
  /**
   * Writes the stream under `key` and resolves once the bytes are durable (disk: written to a
   * temporary file, fsynced, renamed into place). If the stream fails, nothing is left under
   * `key` and the error is rethrown.
   */
  put(key: string, source: Readable): Promise<void>;
  /** The bytes of `key`, or of a range of it. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes `key`; removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with its last change (for the start-up sweep). */
  list(): AsyncIterable<StoredKey>;
  /** Removes what interrupted writes left behind; returns how many. */
  sweepTemporary(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageDriver;
  }
}

const KEY = /^[a-z0-9][a-z0-9-]{7,127}$/;

function checkKey(key: string) {
  // Keys become paths on disk: only the app's own shape, never '..' or a separator.
  if (!KEY.test(key)) throw new Error(`bad storage key: ${key}`);
}

/** Blobs in `root/blobs/<first two characters>/<key>`, writes staged in `root/tmp`. */
export function diskStorage(root: string): StorageDriver {
  const blobs = path.join(root, 'blobs');
  const tmp = path.join(root, 'tmp');
  const fileOf = (key: string) => path.join(blobs, key.slice(0, 2), key);

  async function fsyncPath(target: string, flags: 'r' | 'r+') {
    const handle = await open(target, flags);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    kind: 'disk',
    async put(key, source) {
      checkKey(key);
      await mkdir(tmp, { recursive: true });
      const staged = path.join(tmp, `${randomUUID()}.part`);
      try {
        await pipeline(source, createWriteStream(staged, { flags: 'wx' }));
        await fsyncPath(staged, 'r+');
        const target = fileOf(key);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(staged, target);
        // The rename is durable once its folder is synced.
        await fsyncPath(path.dirname(target), 'r');
      } catch (error) {
        await rm(staged, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      checkKey(key);
      const file = fileOf(key);
      await stat(file);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      checkKey(key);
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      let shards: string[];
      try {
        shards = await readdir(blobs);
      } catch {
        return;
      }
      for (const shard of shards) {
        for (const key of await readdir(path.join(blobs, shard)).catch(() => [])) {
          const info = await stat(path.join(blobs, shard, key)).catch(() => null);
          if (info?.isFile()) yield { key, modifiedAt: info.mtime };
        }
      }
    },
    async sweepTemporary() {
      const staged = await readdir(tmp).catch(() => [] as string[]);
      await Promise.all(staged.map((name) => rm(path.join(tmp, name), { force: true })));
      return staged.length;
    },
  };
}

type S3Settings = Extract<AppConfig['storage'], { kind: 's3' }>;

// Parts of a multipart upload: S3's minimum, and at most two in flight, so one upload holds
// about 10 MB of memory whatever the file's size.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** Blobs as objects `files/<key>` of one bucket, written with streaming multipart uploads. */
export function s3Storage(settings: S3Settings): StorageDriver {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    // Non-AWS endpoints (MinIO, Garage, Ceph, the tests' server) want path-style addresses.
    forcePathStyle: true,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = settings.bucket;
  const objectOf = (key: string) => `files/${key}`;

  return {
    kind: 's3',
    async put(key, source) {
      checkKey(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectOf(key), Body: source },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      // A failing source must stop the upload, not leave it waiting for bytes.
      const onError = () => void upload.abort().catch(() => {});
      source.once('error', onError);
      try {
        await upload.done();
      } catch (error) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectOf(key) })).catch(() => {});
        throw error;
      } finally {
        source.off('error', onError);
      }
    },
    async get(key, range) {
      checkKey(key);
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: objectOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    },
    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectOf(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: 'files/', ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key && item.LastModified) {
            yield { key: item.Key.slice('files/'.length), modifiedAt: item.LastModified };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    // A multipart upload that never completed leaves no object (aborted above, or expired by the
    // bucket's lifecycle rule for incomplete uploads).
    async sweepTemporary() {
      return 0;
    },
  };
}

/** `app.storage`: the configured driver (`STORAGE`: disk by default, or s3). */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { storage: AppConfig['storage'] }) => {
    const { storage } = options;
    app.decorate('storage', storage.kind === 's3' ? s3Storage(storage) : diskStorage(storage.dir));
  },
  { name: 'storage', fastify: '5.x' },
);
