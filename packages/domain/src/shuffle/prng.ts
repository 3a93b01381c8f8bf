// The engine's only source of randomness: a seeded sfc32 generator (Chris Doty-Humphrey's
// "small fast chaotic" PRNG, as in PractRand) whose 128-bit state comes from the cyrb128 string
// hash. Both are tiny, well known and identical in every JavaScript engine, so a saved seed
// replays the same draw on the server, in the browser and years later (the golden tests pin it).
import { appError } from '../errors.ts';

/** Longest seed string (the same limit as the saved snapshot's seed). */
export const SEED_MAX_LENGTH = 128;
/** Largest numeric seed (numeric seeds are unsigned 32-bit integers). */
export const SEED_NUMBER_MAX = 0xffff_ffff;
/** Characters of a seed made by `newSeed`: 12 of 32 symbols, 60 bits, no look-alikes (0/o, 1/l). */
export const NEW_SEED_LENGTH = 12;
const SEED_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const TWO_POW_32 = 0x1_0000_0000;

/** A seeded generator: uniform 32-bit integers and unbiased integers below a bound. */
export type Prng = {
  /** The next uniform integer in 0..2^32-1. */
  nextUint32: () => number;
  /** The next uniform number in [0, 1) (32 bits of precision). */
  next: () => number;
  /** A uniform integer in 0..bound-1, without modulo bias (rejection sampling); bound in 1..2^32. */
  below: (bound: number) => number;
};

/** The canonical text of a seed: numbers as decimal digits, strings trimmed; refuses other seeds. */
export function normalizeSeed(seed: unknown): string {
  if (typeof seed === 'number') {
    if (Number.isInteger(seed) && seed >= 0 && seed <= SEED_NUMBER_MAX) return String(seed);
  } else if (typeof seed === 'string') {
    const text = seed.trim();
    if (text.length >= 1 && text.length <= SEED_MAX_LENGTH) return text;
  }
  throw appError('invalid_seed', undefined, { field: 'seed' });
}

/** A fresh seed from a caller-supplied source in [0, 1), e.g. crypto-backed in the browser. */
export function newSeed(random: () => number): string {
  let seed = '';
  for (let i = 0; i < NEW_SEED_LENGTH; i++) {
    const index = Math.floor(random() * SEED_ALPHABET.length);
    seed += SEED_ALPHABET[Math.min(SEED_ALPHABET.length - 1, Math.max(0, index))];
  }
  return seed;
}

/** cyrb128: a 128-bit hash of a string (four 32-bit words), used only to seed sfc32. */
export function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator for a seed (string or uint32; see `normalizeSeed`). */
export function createPrng(seed: string | number): Prng {
  let [a, b, c, d] = cyrb128(normalizeSeed(seed));
  const nextUint32 = (): number => {
    // sfc32
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The author's advice: skip the first outputs so that similar seeds decorrelate.
  for (let i = 0; i < 15; i++) nextUint32();
  const below = (bound: number): number => {
    if (!Number.isInteger(bound) || bound < 1 || bound > TWO_POW_32) {
      throw new RangeError(`below() needs a whole bound in 1..2^32, got ${bound}`);
    }
    // Accept only draws under the largest multiple of `bound`, so every remainder is equally likely.
    const limit = TWO_POW_32 - (TWO_POW_32 % bound);
    let x = nextUint32();
    while (x >= limit) x = nextUint32();
    return x % bound;
  };
  return { nextUint32, next: () => nextUint32() / TWO_POW_32, below };
}

/** Shuffles `items` in place with Fisher-Yates (every order equally likely) and returns it. */
export function shuffleInPlace<A extends { length: number; [index: number]: unknown }>(
  items: A,
  prng: Prng,
): A {
  for (let i = items.length - 1; i > 0; i--) {
    const j = prng.below(i + 1);
    const item = items[i];
    items[i] = items[j];
    items[j] = item;
  }
  return items;
}
