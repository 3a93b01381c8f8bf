import { describe, it, expect } from 'vitest';
import { formatRelativeTimeEn, relativeTime } from './relative-time.ts';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime (spec part 1, section 9: relative times)', () => {
  it("is 'just-now' under 1 minute", () => {
    expect(relativeTime(NOW, NOW)).toEqual({ unit: 'just-now' });
    expect(relativeTime(NOW - 59_900, NOW)).toEqual({ unit: 'just-now' });
  });

  it('counts minutes from 1 minute', () => {
    expect(relativeTime(NOW - MINUTE, NOW)).toEqual({ unit: 'minutes', value: 1 });
    expect(relativeTime(NOW - 59 * MINUTE - 59 * SECOND, NOW)).toEqual({
      unit: 'minutes',
      value: 59,
    });
  });

  it('counts hours from 60 minutes to under 24 hours', () => {
    expect(relativeTime(NOW - HOUR, NOW)).toEqual({ unit: 'hours', value: 1 });
    expect(relativeTime(NOW - 24 * HOUR + 1, NOW)).toEqual({ unit: 'hours', value: 23 });
  });

  it('counts days from 24 hours to under 7 days', () => {
    expect(relativeTime(NOW - DAY, NOW)).toEqual({ unit: 'days', value: 1 });
    expect(relativeTime(NOW - 7 * DAY + 1, NOW)).toEqual({ unit: 'days', value: 6 });
  });

  it('gives the date from 7 days', () => {
    const then = NOW - 7 * DAY;
    expect(relativeTime(then, NOW)).toEqual({ unit: 'date', date: new Date(then) });
  });

  it("treats future times as 'just-now'", () => {
    expect(relativeTime(NOW + 5 * DAY, NOW)).toEqual({ unit: 'just-now' });
  });

  it('accepts Date objects and ISO strings', () => {
    expect(relativeTime(new Date(NOW - 3 * HOUR), new Date(NOW))).toEqual({
      unit: 'hours',
      value: 3,
    });
    expect(relativeTime('2025-06-15T11:55:00Z', '2025-06-15T12:00:00Z')).toEqual({
      unit: 'minutes',
      value: 5,
    });
  });

  it('rejects an invalid date', () => {
    expect(() => relativeTime('not a date', NOW)).toThrow(RangeError);
  });
});

describe('formatRelativeTimeEn', () => {
  it('words each unit with singular and plural', () => {
    expect(formatRelativeTimeEn({ unit: 'just-now' })).toBe('Just now');
    expect(formatRelativeTimeEn({ unit: 'minutes', value: 1 })).toBe('1 minute ago');
    expect(formatRelativeTimeEn({ unit: 'minutes', value: 5 })).toBe('5 minutes ago');
    expect(formatRelativeTimeEn({ unit: 'hours', value: 1 })).toBe('1 hour ago');
    expect(formatRelativeTimeEn({ unit: 'hours', value: 2 })).toBe('2 hours ago');
    expect(formatRelativeTimeEn({ unit: 'days', value: 1 })).toBe('1 day ago');
    expect(formatRelativeTimeEn({ unit: 'days', value: 3 })).toBe('3 days ago');
  });

  it('shows older times as a Korean date in Seoul time', () => {
    // 2025-03-02T15:30Z is already 3 March in Seoul
    const rel = relativeTime('2025-03-02T15:30:00Z', '2025-06-01T00:00:00Z');
    expect(formatRelativeTimeEn(rel)).toBe('2025. 3. 3.');
  });
});
