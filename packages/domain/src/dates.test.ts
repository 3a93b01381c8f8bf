import { describe, it, expect } from 'vitest';
import {
  defaultAssignmentWindow,
  formatDate,
  formatDateTime,
  seoulDateKey,
  startOfSeoulDay,
  toEpochMs,
} from './dates.ts';

// 2025-03-02T15:30:00Z is 2025-03-03 00:30 in Seoul (UTC+9)
const INSTANT = Date.UTC(2025, 2, 2, 15, 30);

describe('formatDate and formatDateTime (spec part 2, section 9: Korean locale, Seoul time)', () => {
  it('shows the Seoul calendar day', () => {
    expect(formatDate(INSTANT)).toBe('2025. 3. 3.');
    expect(formatDate(new Date(INSTANT))).toBe('2025. 3. 3.');
    expect(formatDate('2025-03-02T15:30:00Z')).toBe('2025. 3. 3.');
  });

  it('shows Seoul time with the Korean AM/PM marker', () => {
    expect(formatDateTime(INSTANT)).toBe('2025. 3. 3. 오전 12:30');
    expect(formatDateTime(Date.UTC(2025, 2, 3, 5, 5))).toBe('2025. 3. 3. 오후 02:05');
  });

  it('reads a bare date as that day in Seoul', () => {
    expect(formatDate('2025-12-31')).toBe('2025. 12. 31.');
  });
});

describe('toEpochMs', () => {
  it('reads a bare date as 00:00 in Seoul', () => {
    expect(toEpochMs('2025-03-03')).toBe(Date.UTC(2025, 2, 2, 15, 0));
  });

  it('passes numbers and Dates through', () => {
    expect(toEpochMs(INSTANT)).toBe(INSTANT);
    expect(toEpochMs(new Date(INSTANT))).toBe(INSTANT);
  });

  it('rejects invalid dates', () => {
    expect(() => toEpochMs('tomorrow')).toThrow(RangeError);
    expect(() => toEpochMs(Number.NaN)).toThrow(RangeError);
    expect(() => toEpochMs(new Date('x'))).toThrow(RangeError);
  });
});

describe('Seoul calendar days', () => {
  it('gives the Seoul date key', () => {
    expect(seoulDateKey(INSTANT)).toBe('2025-03-03');
    expect(seoulDateKey(Date.UTC(2025, 2, 2, 14, 59))).toBe('2025-03-02');
  });

  it('gives 00:00 Seoul of the Seoul day', () => {
    expect(startOfSeoulDay(INSTANT)).toBe(Date.UTC(2025, 2, 2, 15, 0));
    expect(startOfSeoulDay(Date.UTC(2025, 2, 2, 14, 59))).toBe(Date.UTC(2025, 2, 1, 15, 0));
  });
});

describe('defaultAssignmentWindow (spec part 2, section 9: today 00:00 to tomorrow 23:59)', () => {
  it('spans today 00:00 to tomorrow 23:59 in Seoul', () => {
    const { startDate, endDate } = defaultAssignmentWindow(INSTANT);
    expect(formatDateTime(startDate)).toBe('2025. 3. 3. 오전 12:00');
    expect(formatDateTime(endDate)).toBe('2025. 3. 4. 오후 11:59');
    expect(startDate).toBe(Date.UTC(2025, 2, 2, 15, 0));
    expect(endDate).toBe(Date.UTC(2025, 2, 4, 14, 59));
  });
});
