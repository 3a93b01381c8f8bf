import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  hasRefusedCharacters,
  isBlankText,
  normalizeText,
  safeParam,
  text,
  TEXT_MESSAGES,
  textProblem,
} from './text.ts';

// The property runs a fixed number of cases (its numRuns), so the timeout only has to fit those
// cases on a busy CI machine. Measured on the 2-core dev machine: 0.7-1.6 s idle for 500 runs of
// 30-character strings, 3.8 s with two CPU burners beside the suite. 15 s is about 10x idle.
const PROPERTY_TIMEOUT_MS = 15_000;

const title = text({ max: 20 }, { required: 'Please enter a title' });
const description = text({ max: 20, multiline: true, required: false });

function messageOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('text rule', () => {
  it('trims and normalises to NFC', () => {
    // 'e' + combining acute accent becomes the single precomposed character
    expect(title.parse('  Cafe\u0301 ')).toBe('Caf\u00e9');
    expect(normalizeText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'abc\u202Egnp.exe'],
    ['a left-to-right isolate', 'a\u2066b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00'],
    ['a noncharacter', 'a\uffffb'],
    ['a newline in a single-line field', 'a\nb'],
    ['a tab in a single-line field', 'a\tb'],
  ])('refuses %s', (_what, value) => {
    expect(messageOf(title.safeParse(value))).toBe(TEXT_MESSAGES.bad_characters);
  });

  it('accepts newlines and tabs in multi-line text, and real scripts everywhere', () => {
    expect(description.parse('line 1\n\tline 2')).toBe('line 1\n\tline 2');
    for (const value of ['김민준', 'שלום', 'مرحبا', '👩‍👩‍👧', 'Zoë']) {
      expect(title.parse(value)).toBe(value.normalize('NFC'));
    }
  });

  it('treats text made only of invisible characters as empty', () => {
    for (const value of ['', '   ', '\u200b\u200b', '\u2060', '\ufeff', '\u3164', '\u00ad']) {
      expect(messageOf(title.safeParse(value))).toBe('Please enter a title');
      expect(description.parse(value)).toBe('');
    }
    expect(isBlankText('a\u200b')).toBe(false);
  });

  it('bounds the length before and after normalising', () => {
    expect(messageOf(title.safeParse('x'.repeat(21)))).toBe('This can be at most 20 characters');
    expect(title.parse('x'.repeat(20))).toBe('x'.repeat(20));
    expect(textProblem('x'.repeat(11), { max: 10 })).toBe('too_long');
  });

  it('gives forms the problem and the limit with each refusal', () => {
    const result = title.safeParse('a\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      code: 'custom',
      params: { textProblem: 'bad_characters', max: 20 },
    });
  });

  it(
    'never lets a refused character through, whatever the input (property)',
    { timeout: PROPERTY_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (value) => {
          const result = description.safeParse(value);
          if (result.success) {
            expect(hasRefusedCharacters(result.data, true)).toBe(false);
            expect(result.data.length).toBeLessThanOrEqual(20);
            expect(result.data).toBe(result.data.normalize('NFC'));
          }
        }),
        { numRuns: 500 },
      );
    },
  );

  it('checks path and query strings without changing them', () => {
    const param = safeParam(5);
    expect(param.parse('ab c')).toBe('ab c');
    expect(param.safeParse('a\u0000').success).toBe(false);
    expect(param.safeParse('abcdef').success).toBe(false);
    expect(param.safeParse('').success).toBe(false);
  });
});

describe('escapeHtml', () => {
  it('leaves no character that could end a text or a quoted attribute', () => {
    expect(escapeHtml(`a&b <i>"x"</i> 'y'`)).toBe(
      'a&#38;b &#60;i&#62;&#34;x&#34;&#60;/i&#62; &#39;y&#39;',
    );
    expect(escapeHtml('contact@school.example')).toBe('contact@school.example');
  });
});
