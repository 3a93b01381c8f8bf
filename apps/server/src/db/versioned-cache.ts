import { availableParallelism } from 'node:os';
import { Admission } from '../workers/admission.ts';

/**
 * Versions whose every counter only grows (database triggers bump them in the writing
 * transaction): `a` is at least as new as `b` when each of its counters is.
 */
export type Version = Readonly<Record<string, number>>;

/** Whether `a` is at least as new as `b` in every counter `b` has. */
export function isAtLeast(a: Version, b: Version): boolean {
  for (const key of Object.keys(b)) {
    if (!((a[key] ?? -Infinity) >= (b[key] ?? 0))) return false;
  }
  return true;
}

/** What the cache keeps: a version and a size in bytes (for the memory bound). */
export type Versioned<V extends Version> = { readonly version: V };

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Loads run at once in this instance, across every cache: one fewer than the cores, at least one
 * (workers/admission.ts). A load is one dear statement; more of them at once than the cores can
 * run leave no core for the event loop (on PostgreSQL in its backends; PGlite runs one statement
 * at a time anyway). A load must not get from a cache itself: it would wait for its own turn.
 */
const sectionLoads = new Admission(Math.max(1, availableParallelism() - 1));

/**
 * Entries by key, least recently used first out once they exceed `maxBytes`, checked against a
 * version read from the database in the same request: an entry at least that new is served,
 * anything older is loaded again. Versions only grow and the loader reads its rows and their
 * version in one statement, so on PostgreSQL with several instances a stale entry is never
 * served: each instance compares against the version it has just read (decision 0003).
 * Concurrent misses for one key share one load.
 */
export class VersionedCache<V extends Version, E extends Versioned<V>> {
  readonly #entries = new Map<string, E>();
  readonly #loading = new Map<string, Promise<E>>();
  readonly #maxBytes: number;
  readonly #sizeOf: (entry: E) => number;
  #bytes = 0;

  constructor(sizeOf: (entry: E) => number, maxBytes = DEFAULT_MAX_BYTES) {
    this.#sizeOf = sizeOf;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes the entries hold now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The entry of `key` when it is at least `atLeastVersion`, marked as just used. */
  peek(key: string, atLeastVersion: V): E | undefined {
    const cached = this.#entries.get(key);
    if (!cached || !isAtLeast(cached.version, atLeastVersion)) return undefined;
    // Map order is the recency order: move the entry to the end.
    this.#entries.delete(key);
    this.#entries.set(key, cached);
    return cached;
  }

  async get(key: string, atLeastVersion: V, load: () => Promise<E>): Promise<E> {
    const cached = this.peek(key, atLeastVersion);
    if (cached) return cached;
    const pending = this.#loading.get(key);
    if (pending) {
      const shared = await pending.catch(() => undefined);
      if (shared && isAtLeast(shared.version, atLeastVersion)) return shared;
    }
    const loading = sectionLoads.run(load);
    this.#loading.set(key, loading);
    try {
      const loaded = await loading;
      this.#store(key, loaded);
      return loaded;
    } finally {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    }
  }

  #store(key: string, entry: E) {
    const existing = this.#entries.get(key);
    if (existing) {
      if (isAtLeast(existing.version, entry.version)) return;
      this.#entries.delete(key);
      this.#bytes -= this.#sizeOf(existing);
    }
    const size = this.#sizeOf(entry);
    if (size > this.#maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += size;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldestKey);
      this.#bytes -= this.#sizeOf(oldest);
    }
  }
}

/**
 * An answer already encoded as UTF-8 JSON (a cached one), typed as the route's response: Fastify
 * sends a Buffer as it is, without the serializer. Each route that does this has a test that
 * parses those bytes with its response schema.
 */
export function preparedJson<T>(bytes: Buffer): T {
  return bytes as unknown as T;
}
