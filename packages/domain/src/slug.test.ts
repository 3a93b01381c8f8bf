import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { SLUG_FALLBACK, SLUG_MAX_LENGTH, slugMatches, slugify, uniqueSlug } from './slug.ts';

// Each property runs a fixed number of cases (its numRuns), so the timeout only has to fit those
// cases on a busy CI machine. Measured on the 2-core dev machine: the slowest here (letters and
// digits, 2000 runs) takes 0.7-1.2 s idle and 4.9 s with two CPU burners beside the suite, just
// under Vitest's 5 s default. 15 s is about 10x the slowest idle time.
const PROPERTY_TIMEOUT_MS = 15_000;

// Output shape: words of letters/digits (each optionally followed by combining marks), joined
// by single hyphens.
const SLUG_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(-[\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*$/u;

describe('slugify (spec part 1, section 5)', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(slugify('Web Programming 2025')).toBe('web-programming-2025');
  });

  it('drops characters other than letters, digits, spaces and hyphens', () => {
    expect(slugify('C++ & Java: Intro!')).toBe('c-java-intro');
    expect(slugify('Node.js_101')).toBe('nodejs101');
  });

  it('collapses repeated hyphens and trims leading and trailing ones', () => {
    expect(slugify('--a   --  b--')).toBe('a-b');
    expect(slugify('  hello  ')).toBe('hello');
  });

  it('keeps Korean and other non-Latin letters', () => {
    expect(slugify('웹 프로그래밍 2025')).toBe('웹-프로그래밍-2025');
    expect(slugify('Ünïcödé Straße')).toBe('ünïcödé-straße');
    expect(slugify('Русский язык')).toBe('русский-язык');
  });

  it('normalises to NFC so decomposed input gives the same slug', () => {
    const decomposed = '웹 프로그래밍'.normalize('NFD');
    expect(decomposed).not.toBe('웹 프로그래밍');
    expect(slugify(decomposed)).toBe('웹-프로그래밍');
    expect(slugify('Cafe\u0301')).toBe('café');
  });

  it('keeps combining vowel marks of scripts such as Devanagari', () => {
    expect(slugify('हिन्दी कक्षा')).toBe('हिन्दी-कक्षा');
  });

  it("falls back to 'workspace' when nothing usable is left", () => {
    expect(SLUG_FALLBACK).toBe('workspace');
    expect(slugify('')).toBe('workspace');
    expect(slugify('!!!')).toBe('workspace');
    expect(slugify(' - - ')).toBe('workspace');
  });

  it('caps the length at a hyphen boundary', () => {
    const title = 'word '.repeat(30); // 'word-word-...' is 149 characters
    const slug = slugify(title);
    expect(Array.from(slug).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toBe(Array(16).fill('word').join('-')); // 16 * 4 + 15 = 79
  });

  it('keeps a cut that ends exactly on a word', () => {
    const title = `${'a'.repeat(80)} b`;
    expect(slugify(title)).toBe('a'.repeat(80));
  });

  it('cuts a single long word at the limit, counting code points', () => {
    expect(slugify('x'.repeat(200))).toBe('x'.repeat(80));
    const hangul = slugify('가'.repeat(100));
    expect(Array.from(hangul)).toHaveLength(80);
    const astral = slugify('𝒜'.repeat(100)); // letters outside the BMP
    expect(Array.from(astral)).toHaveLength(80);
    expect(astral.isWellFormed()).toBe(true);
  });

  it('always gives the documented shape (property)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(SLUG_SHAPE);
        expect(Array.from(slug).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
        expect(slug.isWellFormed()).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it(
    'gives a letters-and-digits-only slug for titles without combining marks (property)',
    { timeout: PROPERTY_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (title) => {
          fc.pre(!/\p{M}/u.test(title.normalize('NFC')));
          expect(slugify(title)).toMatch(/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u);
        }),
        { numRuns: 2000 },
      );
    },
  );

  it('is idempotent (property)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (title) => {
        const once = slugify(title);
        expect(slugify(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('uniqueSlug (spec part 1, section 5: collisions get -2, -3 and so on)', () => {
  it('returns the base slug when it is free', () => {
    expect(uniqueSlug('Web Programming', () => false)).toBe('web-programming');
  });

  it('walks -2, -3, ... past taken slugs', () => {
    const taken = new Set<string>();
    const made = [1, 2, 3, 4].map(() => {
      const slug = uniqueSlug('Web Programming', (s) => taken.has(s));
      taken.add(slug);
      return slug;
    });
    expect(made).toEqual([
      'web-programming',
      'web-programming-2',
      'web-programming-3',
      'web-programming-4',
    ]);
  });

  it('skips a suffix already used by another title', () => {
    const taken = new Set(['web', 'web-2']);
    expect(uniqueSlug('Web', (s) => taken.has(s))).toBe('web-3');
  });

  it('never returns a taken slug (property)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 12 }),
        fc.boolean(),
        (title, suffixes, baseTaken) => {
          const base = slugify(title);
          const taken = new Set(suffixes.map((n) => (n < 2 ? base : `${base}-${n}`)));
          if (baseTaken) taken.add(base);
          const slug = uniqueSlug(title, (s) => taken.has(s));
          expect(taken.has(slug)).toBe(false);
          expect(slugMatches(slug, base)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('slugMatches (spec part 2, section 2: route name to title slug)', () => {
  it('matches the same slug', () => {
    expect(slugMatches('web-programming', 'web-programming')).toBe(true);
  });

  it('matches a name that is the slug followed by a dash and more', () => {
    expect(slugMatches('web-programming-2', 'web-programming')).toBe(true);
  });

  it('does not match a name that merely starts with the slug', () => {
    expect(slugMatches('webprogramming', 'web')).toBe(false);
    expect(slugMatches('web', 'web-programming')).toBe(false);
  });

  it('does not match when the slug is only a prefix of the name without a dash', () => {
    expect(slugMatches('web-programming', 'web-prog')).toBe(false);
  });

  it('matches a Korean route name in decomposed form', () => {
    expect(slugMatches('웹-프로그래밍-2'.normalize('NFD'), '웹-프로그래밍')).toBe(true);
  });

  it('never matches an empty slug', () => {
    expect(slugMatches('', '')).toBe(false);
  });
});
