// The answers made from a cached entry, kept by what differs per reader (their head): every
// reader of a kind gets the same Buffer, so it is not put together again per request and its
// compressed copies (plugins/prepared-json.ts, kept per Buffer) are made once, not per request.

type Kept = { bytes: number; byKey: Map<string, Buffer> };

/**
 * Answers by entry and key. They live as long as their entry (a WeakMap: an entry replaced in or
 * evicted from its cache takes them along), at most `maxAnswers` and `maxBytes` of them per entry,
 * the oldest first out; the entry's cache counts that room in its size.
 */
export class KeptAnswers<Entry extends object> {
  readonly #kept = new WeakMap<Entry, Kept>();
  readonly #maxAnswers: number;
  readonly #maxBytes: (entry: Entry) => number;

  /** `maxBytes`: a number, or the room an entry's cache counts for it (see its size). */
  constructor(limits: { maxAnswers?: number; maxBytes?: number | ((entry: Entry) => number) }) {
    const { maxAnswers = Infinity, maxBytes = Infinity } = limits;
    this.#maxAnswers = maxAnswers;
    this.#maxBytes = typeof maxBytes === 'number' ? () => maxBytes : maxBytes;
  }

  /** The answer kept for `entry` and `key`, or `make`'s, kept when it fits. */
  get(entry: Entry, key: string, make: () => Buffer): Buffer {
    let kept = this.#kept.get(entry);
    const found = kept?.byKey.get(key);
    if (found) return found;
    const made = make();
    const maxBytes = this.#maxBytes(entry);
    if (made.byteLength > maxBytes) return made;
    const answer = ownBuffer(made);
    if (!kept) {
      kept = { bytes: 0, byKey: new Map() };
      this.#kept.set(entry, kept);
    }
    kept.byKey.set(key, answer);
    kept.bytes += answer.byteLength;
    for (const [oldKey, oldest] of kept.byKey) {
      if (kept.bytes <= maxBytes && kept.byKey.size <= this.#maxAnswers) break;
      kept.byKey.delete(oldKey);
      kept.bytes -= oldest.byteLength;
    }
    return answer;
  }
}

/**
 * `buffer`, or a copy of it with memory of its own if it is a slice of a larger one: Node hands out
 * slices of a shared pool (`Buffer.poolSize`, 64 kB on Node 24) for buffers below half its size,
 * and keeping a slice would keep the whole pool.
 */
function ownBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.byteLength) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(own);
  return own;
}
