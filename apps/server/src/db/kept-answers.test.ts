import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.ts';

const big = (fill: string, bytes = 5000) => Buffer.alloc(bytes, fill);

describe('KeptAnswers', () => {
  it('gives every reader of a kind the same Buffer, made once per entry', () => {
    const kept = new KeptAnswers<object>({ maxBytes: 1_000_000 });
    const entry = {};
    let made = 0;
    const make = (fill: string) => () => {
      made += 1;
      return big(fill);
    };
    const first = kept.get(entry, 'member a', make('a'));
    expect(kept.get(entry, 'member a', make('x'))).toBe(first);
    expect(made).toBe(1);
    const other = kept.get(entry, 'member b', make('b'));
    expect(other).not.toBe(first);
    expect(other[0]).toBe('b'.charCodeAt(0));
    // A newer entry (the next version) starts empty.
    const next = kept.get({}, 'member a', make('c'));
    expect(next).not.toBe(first);
    expect(made).toBe(3);
  });

  it('keeps at most its bytes per entry, the oldest first out, and none larger than that', () => {
    const kept = new KeptAnswers<object>({ maxBytes: 12_000 });
    const entry = {};
    const a = kept.get(entry, 'a', () => big('a'));
    const b = kept.get(entry, 'b', () => big('b'));
    kept.get(entry, 'c', () => big('c')); // 15,000 bytes: a goes
    expect(kept.get(entry, 'b', () => big('x'))).toBe(b);
    expect(kept.get(entry, 'a', () => big('x'))).not.toBe(a);

    // A slice of a larger buffer (Node's pool, for a small one) is kept as a copy of its own.
    const slice = Buffer.from(big('s', 9000).buffer, 2000, 5000);
    const own = kept.get(entry, 'slice', () => slice);
    expect(own.equals(slice)).toBe(true);
    expect(own.buffer.byteLength).toBe(5000);
    expect(kept.get(entry, 'slice', () => big('x'))).toBe(own);
    const huge = kept.get(entry, 'huge', () => big('h', 20_000));
    expect(kept.get(entry, 'huge', () => big('h', 20_000))).not.toBe(huge);
  });

  it('keeps at most its number of answers per entry, the oldest first out', () => {
    const kept = new KeptAnswers<object>({ maxAnswers: 2 });
    const entry = {};
    const a = kept.get(entry, 'a', () => big('a'));
    const b = kept.get(entry, 'b', () => big('b'));
    const c = kept.get(entry, 'c', () => big('c'));
    expect(kept.get(entry, 'c', () => big('x'))).toBe(c);
    expect(kept.get(entry, 'b', () => big('x'))).toBe(b);
    expect(kept.get(entry, 'a', () => big('x'))).not.toBe(a);
  });

  it("keeps at most the room its entry's cache counts for it", () => {
    const kept = new KeptAnswers<{ room: number }>({ maxBytes: (entry) => entry.room });
    const small = { room: 6000 };
    const a = kept.get(small, 'a', () => big('a'));
    kept.get(small, 'b', () => big('b')); // 10,000 bytes: a goes
    expect(kept.get(small, 'a', () => big('x'))).not.toBe(a);
    const large = { room: 12_000 };
    const c = kept.get(large, 'c', () => big('c'));
    kept.get(large, 'd', () => big('d'));
    expect(kept.get(large, 'c', () => big('x'))).toBe(c);
  });
});
