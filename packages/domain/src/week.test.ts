import { describe, it, expect } from 'vitest';
import { isValidWeek, weekFromDate } from './week.ts';

describe('weekFromDate (spec part 2, section 9: floor(days/7)+1 from 2025-03-03, 1..20)', () => {
  it('is week 1 on the semester start and through its Sunday', () => {
    expect(weekFromDate('2025-03-03')).toBe(1);
    expect(weekFromDate('2025-03-09')).toBe(1);
  });

  it('is week 2 from the second Monday', () => {
    expect(weekFromDate('2025-03-10')).toBe(2);
    expect(weekFromDate('2025-03-16')).toBe(2);
    expect(weekFromDate('2025-03-17')).toBe(3);
  });

  it('is at least 1 before the semester', () => {
    expect(weekFromDate('2025-01-01')).toBe(1);
    expect(weekFromDate('2025-03-02')).toBe(1);
    expect(weekFromDate('1999-12-31')).toBe(1);
  });

  it('reaches 20 and stays there', () => {
    // week 20 starts 19 weeks after 3 March: 14 July 2025
    expect(weekFromDate('2025-07-13')).toBe(19);
    expect(weekFromDate('2025-07-14')).toBe(20);
    expect(weekFromDate('2030-01-01')).toBe(20);
  });

  it('uses the calendar day in Seoul for instants', () => {
    // Sunday 9 March 14:59 UTC is still Sunday 23:59 in Seoul: week 1
    expect(weekFromDate('2025-03-09T14:59:00Z')).toBe(1);
    // 15:00 UTC is Monday 00:00 in Seoul: week 2
    expect(weekFromDate('2025-03-09T15:00:00Z')).toBe(2);
    expect(weekFromDate(Date.UTC(2025, 2, 9, 15, 0))).toBe(2);
    expect(weekFromDate(new Date(Date.UTC(2025, 2, 2, 15, 0)))).toBe(1);
  });

  it('rejects an invalid date', () => {
    expect(() => weekFromDate('soon')).toThrow(RangeError);
  });
});

describe('isValidWeek (spec part 2, section 5: integer 1 to 20)', () => {
  it('accepts 1 to 20', () => {
    expect(isValidWeek(1)).toBe(true);
    expect(isValidWeek(20)).toBe(true);
  });

  it('rejects values outside the range and fractions', () => {
    expect(isValidWeek(0)).toBe(false);
    expect(isValidWeek(21)).toBe(false);
    expect(isValidWeek(1.5)).toBe(false);
    expect(isValidWeek(Number.NaN)).toBe(false);
  });
});
