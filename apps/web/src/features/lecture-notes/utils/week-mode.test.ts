import { describe, expect, it } from 'vitest';
import {
  followDate,
  initialWeekMode,
  isDateOutsideWeeks,
  isWeekInRange,
  toggleWeekField,
  weekAfterDateChange,
  weekTyped,
} from './week-mode';

describe('the note modal week (spec part 2, sections 4 and 9)', () => {
  it('a new note follows the date, its week field hidden; an edit opens in manual mode', () => {
    expect(initialWeekMode(false)).toEqual({ isManual: false, isShown: false });
    expect(initialWeekMode(true)).toEqual({ isManual: true, isShown: true });
  });

  it('follows the date from the semester start of 3 March 2025, 1 to 20', () => {
    const mode = initialWeekMode(false);
    expect(weekAfterDateChange('2025-03-03', 1, mode)).toBe(1);
    expect(weekAfterDateChange('2025-03-09', 1, mode)).toBe(1);
    expect(weekAfterDateChange('2025-03-10', 1, mode)).toBe(2);
    expect(weekAfterDateChange('2025-02-01', 7, mode)).toBe(1);
    expect(weekAfterDateChange('2026-01-01', 7, mode)).toBe(20);
  });

  it('keeps the week when the date is cleared', () => {
    expect(weekAfterDateChange(null, 4, initialWeekMode(false))).toBe(4);
  });

  it('a week set by hand no longer moves with the date, until asked to follow it again', () => {
    const manual = weekTyped(initialWeekMode(false));
    expect(manual.isManual).toBe(true);
    expect(weekAfterDateChange('2025-03-10', 7, manual)).toBe(7);
    expect(weekAfterDateChange('2025-03-10', '', manual)).toBe('');
    expect(weekAfterDateChange('2025-03-24', 7, initialWeekMode(true))).toBe(7);
    expect(followDate('2025-03-24', 7, manual)).toEqual({
      mode: { isManual: false, isShown: false },
      week: 4,
    });
    expect(followDate(null, 7, manual).week).toBe(7);
  });

  it('Show Week and Hide Week toggle the field and nothing else', () => {
    const shown = toggleWeekField(initialWeekMode(false));
    expect(shown).toEqual({ isManual: false, isShown: true });
    expect(toggleWeekField(shown)).toEqual({ isManual: false, isShown: false });
  });

  it("follows the workspace's own semester start (issue 26), not 3 March 2025", () => {
    const fall = { timeZone: 'America/New_York', semesterStart: '2026-09-07' };
    const mode = initialWeekMode(false);
    expect(weekAfterDateChange('2026-09-07', 1, mode, fall)).toBe(1);
    expect(weekAfterDateChange('2026-11-26', 1, mode, fall)).toBe(12);
    expect(followDate('2026-09-21', 7, weekTyped(mode), fall).week).toBe(3);
  });

  it('says when a date falls outside weeks 1-20 instead of hiding it', () => {
    const fall = { timeZone: 'Asia/Seoul', semesterStart: '2026-09-07' };
    expect(isDateOutsideWeeks('2026-09-06', fall)).toBe(true);
    expect(isDateOutsideWeeks('2026-09-07', fall)).toBe(false);
    expect(isDateOutsideWeeks('2027-01-24', fall)).toBe(false);
    expect(isDateOutsideWeeks('2027-01-25', fall)).toBe(true);
    expect(isDateOutsideWeeks(null, fall)).toBe(false);
    expect(isDateOutsideWeeks('2027-01-25', null)).toBe(false);
  });

  it('judges a typed week: 1 to 20, whole; a 25 is out of range, not 20', () => {
    expect(isWeekInRange(1)).toBe(true);
    expect(isWeekInRange(20)).toBe(true);
    expect(isWeekInRange('')).toBe(true);
    expect(isWeekInRange(25)).toBe(false);
    expect(isWeekInRange(0)).toBe(false);
    expect(isWeekInRange(2.5)).toBe(false);
  });
});
