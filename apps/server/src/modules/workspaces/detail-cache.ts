import type { DetailVersion } from '../workspace-access/workspace-access.repository.ts';

export type { DetailVersion };

// A workspace's teams, roster and constraints as the detail page shows them, serialised once per
// `detail_version`: with e-mails (owner, leaders, members) and without (viewers, visitors). The
// parts that differ per caller (role, own roster entry, preferences) and the workspace row itself
// (title, visibility) are read on every request and put around it.

/** Whether `a` is at least as new as `b` in both counters. */
export function isAtLeast(a: DetailVersion, b: DetailVersion): boolean {
  return a.workspace >= b.workspace && a.accounts >= b.accounts;
}

export type PresentedDetail = {
  version: DetailVersion;
  counts: { totalMembers: number; teams: number; fixedGroups: number };
  /**
   * The end of the answer's JSON object, UTF-8 encoded once: `,"teams":[...],...}`. The request's
   * own members go in front of it.
   */
  withEmails: Buffer;
  withoutEmails: Buffer;
};

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

function sizeOf(entry: PresentedDetail): number {
  return entry.withEmails.byteLength + entry.withoutEmails.byteLength;
}

/**
 * Presented details by workspace id, least recently used first out once they exceed `maxBytes`.
 * The caller passes the version it read from the database in the same request: an entry at least
 * that new is served, anything older is loaded again. Versions only grow (database triggers bump
 * them in the writing transaction), so on PostgreSQL with several instances a stale entry is
 * never served: each instance compares against the version it has just read. Concurrent misses
 * for one workspace share one load.
 */
export class DetailCache {
  readonly #entries = new Map<string, PresentedDetail>();
  readonly #loading = new Map<string, Promise<PresentedDetail>>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(
    workspaceId: string,
    atLeastVersion: DetailVersion,
    load: () => Promise<PresentedDetail>,
  ): Promise<PresentedDetail> {
    const cached = this.#entries.get(workspaceId);
    if (cached && isAtLeast(cached.version, atLeastVersion)) {
      // Map order is the recency order: move the entry to the end.
      this.#entries.delete(workspaceId);
      this.#entries.set(workspaceId, cached);
      return cached;
    }
    const pending = this.#loading.get(workspaceId);
    if (pending) {
      const shared = await pending.catch(() => undefined);
      if (shared && isAtLeast(shared.version, atLeastVersion)) return shared;
    }
    const loading = load();
    this.#loading.set(workspaceId, loading);
    try {
      const loaded = await loading;
      this.#store(workspaceId, loaded);
      return loaded;
    } finally {
      if (this.#loading.get(workspaceId) === loading) this.#loading.delete(workspaceId);
    }
  }

  #store(workspaceId: string, entry: PresentedDetail) {
    const existing = this.#entries.get(workspaceId);
    if (existing) {
      if (isAtLeast(existing.version, entry.version)) return;
      this.#entries.delete(workspaceId);
      this.#bytes -= sizeOf(existing);
    }
    const size = sizeOf(entry);
    if (size > this.#maxBytes) return;
    this.#entries.set(workspaceId, entry);
    this.#bytes += size;
    for (const [id, oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(id);
      this.#bytes -= sizeOf(oldest);
    }
  }
}
