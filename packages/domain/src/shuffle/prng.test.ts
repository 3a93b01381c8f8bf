import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.ts';
import {
  createPrng,
  cyrb128,
  NEW_SEED_LENGTH,
  newSeed,
  normalizeSeed,
  SEED_MAX_LENGTH,
  shuffleInPlace,
} from './prng.ts';

// Each property runs a fixed number of cases (its numRuns). The slowest here takes under 0.1 s idle
// on the 2-core dev machine (1000 runs); 10x that would be under a second, where start-up and a
// loaded scheduler matter more than the runs, so the timeout is Vitest's 5 s default, stated so it
// is deliberate.
const PROPERTY_TIMEOUT_MS = 5_000;

// Pearson's chi-square statistic of observed counts against equal expected counts.
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('cyrb128 and sfc32 (pinned: saved seeds must replay forever)', () => {
  it('hashes strings to four 32-bit words', () => {
    expect(cyrb128('teamshuffle')).toEqual([1029978982, 339185677, 3745659974, 161172655]);
    expect(cyrb128('')).toEqual([41608494, 3485963809, 1435736333, 1262568316]);
  });

  it('gives the same stream for the same seed', () => {
    const prng = createPrng('teamshuffle');
    expect([1, 2, 3, 4, 5].map(() => prng.nextUint32())).toEqual([
      2201386988, 346218436, 3426416379, 3848835724, 2172175459,
    ]);
  });

  it('treats a number seed and its decimal text alike', () => {
    const a = createPrng(42);
    const b = createPrng(' 42 ');
    for (let i = 0; i < 10; i++) expect(a.nextUint32()).toBe(b.nextUint32());
  });

  it('gives different streams for nearby seeds', () => {
    const first = (seed: string) => createPrng(seed).nextUint32();
    const values = new Set(Array.from({ length: 1000 }, (_, i) => first(`s${i}`)));
    expect(values.size).toBe(1000);
  });
});

describe('normalizeSeed', () => {
  it('writes numbers in decimal and trims strings', () => {
    expect(normalizeSeed(0)).toBe('0');
    expect(normalizeSeed(4294967295)).toBe('4294967295');
    expect(normalizeSeed('  abc ')).toBe('abc');
  });

  it(
    'round-trips: a normalised seed normalises to itself (property)',
    { timeout: PROPERTY_TIMEOUT_MS },
    () => {
      const seed = fc.oneof(
        fc.nat({ max: 0xffff_ffff }),
        fc
          .string({ minLength: 1, maxLength: SEED_MAX_LENGTH, unit: 'grapheme' })
          .filter((s) => s.trim().length > 0 && s.trim().length <= SEED_MAX_LENGTH),
      );
      fc.assert(
        fc.property(seed, (value) => {
          const once = normalizeSeed(value);
          expect(normalizeSeed(once)).toBe(once);
          expect(createPrng(once).nextUint32()).toBe(createPrng(value).nextUint32());
        }),
        { numRuns: 1000 },
      );
    },
  );

  it.each([
    ['an empty string', ''],
    ['spaces only', '   '],
    ['a string over 128 characters', 'x'.repeat(SEED_MAX_LENGTH + 1)],
    ['a negative number', -1],
    ['a fraction', 1.5],
    ['a number over 2^32 - 1', 2 ** 32],
    ['NaN', Number.NaN],
    ['undefined', undefined],
    ['null', null],
  ])('refuses %s with invalid_seed', (_, value) => {
    try {
      normalizeSeed(value);
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.id).toBe('invalid_seed');
      expect(isAppError(error) && error.status).toBe(400);
    }
  });
});

describe('newSeed', () => {
  it('makes 12 readable characters from the random source', () => {
    const seed = newSeed(createPrng('source').next);
    expect(seed).toHaveLength(NEW_SEED_LENGTH);
    expect(seed).toMatch(/^[a-km-np-z2-9]+$/);
    expect(normalizeSeed(seed)).toBe(seed);
  });

  it('is as deterministic as its source and copes with the ends of [0, 1)', () => {
    expect(newSeed(createPrng('a').next)).toBe(newSeed(createPrng('a').next));
    expect(newSeed(() => 0)).toBe('aaaaaaaaaaaa');
    expect(newSeed(() => 0.999_999_999_999)).toBe('999999999999');
  });

  it('rarely repeats', () => {
    const source = createPrng('many').next;
    const seeds = new Set(Array.from({ length: 10_000 }, () => newSeed(source)));
    expect(seeds.size).toBe(10_000);
  });
});

describe('Prng.below', () => {
  it('stays in range (property)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 2 ** 32 }), (seed, bound) => {
        const prng = createPrng(`x${seed}`);
        for (let i = 0; i < 20; i++) {
          const value = prng.below(bound);
          expect(Number.isInteger(value) && value >= 0 && value < bound).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is uniform for a small bound (chi-square, 2 degrees of freedom)', () => {
    const prng = createPrng('uniform-3');
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[prng.below(3)]! += 1;
    expect(chiSquare(counts)).toBeLessThan(13.8); // p = 0.001
  });

  it('has no modulo bias for a bound near 2^32', () => {
    // With `x % bound`, values under 2^32 - bound = 2^30 would come up twice as often: half the
    // draws instead of a third.
    const bound = 3 * 2 ** 30;
    const prng = createPrng('bias');
    let low = 0;
    const draws = 30_000;
    for (let i = 0; i < draws; i++) if (prng.below(bound) < 2 ** 30) low++;
    expect(low / draws).toBeGreaterThan(0.32);
    expect(low / draws).toBeLessThan(0.347);
  });

  it('refuses bounds it cannot honour', () => {
    const prng = createPrng('x');
    expect(prng.below(1)).toBe(0);
    expect(() => prng.below(0)).toThrow(RangeError);
    expect(() => prng.below(2.5)).toThrow(RangeError);
    expect(() => prng.below(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('next() is in [0, 1)', () => {
    const prng = createPrng('unit');
    for (let i = 0; i < 10_000; i++) {
      const value = prng.next();
      expect(value >= 0 && value < 1).toBe(true);
    }
  });
});

describe('shuffleInPlace (Fisher-Yates)', () => {
  it('keeps every element (property)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const shuffled = shuffleInPlace([...items], createPrng(`s${seed}`));
        expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
      { numRuns: 1000 },
    );
  });

  it('makes all 24 orders of 4 items equally likely (chi-square, 23 degrees of freedom)', () => {
    const prng = createPrng('orders');
    const counts = new Map<string, number>();
    for (let i = 0; i < 48_000; i++) {
      const key = shuffleInPlace(['a', 'b', 'c', 'd'], prng).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    expect(chiSquare([...counts.values()])).toBeLessThan(49.7); // p = 0.001
  });

  it('shuffles typed arrays too', () => {
    const items = Int32Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    shuffleInPlace(items, createPrng('typed'));
    expect([...items].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
