import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  courseCalendarSettings,
  courseCalendarUpdate,
  courseWeek,
  dateKeyInZone,
  instantFromWallTime,
  isKnownTimeZone,
  mondayOfWeekInZone,
  startOfDayInZone,
  wallTimeInZone,
  zoneOffsetMs,
} from './course-calendar.ts';
import { formatDate, formatDateTime, formatDateTimeIn, zoneLabel } from './dates.ts';
import { weekFromDate } from './week.ts';

const HOUR = 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('time zones by Intl (issue 26)', () => {
  it('knows IANA names and refuses the rest', () => {
    for (const zone of ['Asia/Seoul', 'America/New_York', 'Europe/Berlin', 'UTC'])
      expect(isKnownTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '', '+09:00', 'Asia/Seoul; drop', 'x'.repeat(80)])
      expect(isKnownTimeZone(zone)).toBe(false);
  });

  it('reads the offset with daylight saving', () => {
    expect(zoneOffsetMs('2026-01-15T12:00:00Z', 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs('2026-07-15T12:00:00Z', 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs('2026-01-15T12:00:00Z', 'Europe/Berlin')).toBe(1 * HOUR);
    expect(zoneOffsetMs('2026-07-15T12:00:00Z', 'Europe/Berlin')).toBe(2 * HOUR);
    expect(zoneOffsetMs('2026-07-15T12:00:00Z', 'Asia/Seoul')).toBe(9 * HOUR);
  });

  it('gives the calendar day of an instant in each zone', () => {
    const instant = '2026-11-26T02:56:00Z';
    expect(dateKeyInZone(instant, 'Asia/Seoul')).toBe('2026-11-26');
    expect(dateKeyInZone(instant, 'America/New_York')).toBe('2026-11-25');
    expect(dateKeyInZone(instant, 'Europe/Berlin')).toBe('2026-11-26');
    expect(wallTimeInZone(instant, 'Asia/Seoul')).toBe('2026-11-26 11:56:00');
  });

  it('turns a day in a zone into the instant it starts, across daylight saving changes', () => {
    expect(new Date(startOfDayInZone('2026-11-26', 'Asia/Seoul')).toISOString()).toBe(
      '2026-11-25T15:00:00.000Z',
    );
    // New York: summer time until 1 November 2026, winter time after.
    expect(new Date(startOfDayInZone('2026-10-31', 'America/New_York')).toISOString()).toBe(
      '2026-10-31T04:00:00.000Z',
    );
    expect(new Date(startOfDayInZone('2026-11-02', 'America/New_York')).toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    // Berlin moves to summer time on 29 March 2026 at 02:00.
    expect(new Date(startOfDayInZone('2026-03-29', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(() => startOfDayInZone('2026-02-30', 'Asia/Seoul')).toThrow(RangeError);
  });

  it('reads wall times, a skipped one with the offset before the change', () => {
    const ny = (wall: string) =>
      new Date(instantFromWallTime(wall, 'America/New_York')!).toISOString();
    expect(ny('2026-03-08 01:30')).toBe('2026-03-08T06:30:00.000Z');
    expect(ny('2026-03-08 02:30')).toBe('2026-03-08T07:30:00.000Z'); // does not exist: 03:30 EDT
    expect(ny('2026-03-08 03:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(ny('2026-11-01 01:30')).toBe('2026-11-01T05:30:00.000Z'); // the first 01:30 (EDT)
    expect(instantFromWallTime('2026-13-01 00:00', 'Asia/Seoul')).toBeNull();
    expect(instantFromWallTime('tomorrow', 'Asia/Seoul')).toBeNull();
  });

  it("finds the Monday of the current week in the creator's zone (moved clock)", () => {
    vi.useFakeTimers();
    // Monday 00:30 in Seoul is still Sunday in New York.
    vi.setSystemTime(new Date('2026-11-22T15:30:00Z'));
    expect(mondayOfWeekInZone(Date.now(), 'Asia/Seoul')).toBe('2026-11-23');
    expect(mondayOfWeekInZone(Date.now(), 'America/New_York')).toBe('2026-11-16');
    vi.setSystemTime(new Date('2026-11-26T02:56:00Z'));
    expect(mondayOfWeekInZone(Date.now(), 'Europe/Berlin')).toBe('2026-11-23');
  });
});

describe('week from a date in the course calendar (spec part 2 section 9, issue 26)', () => {
  const seoul = { timeZone: 'Asia/Seoul', semesterStart: '2026-09-07' };

  it('counts floor(days / 7) + 1 from the semester start', () => {
    expect(courseWeek('2026-09-07', seoul)).toEqual({ week: 1, rawWeek: 1, isOutside: false });
    expect(courseWeek('2026-09-13', seoul).week).toBe(1);
    expect(courseWeek('2026-09-14', seoul).week).toBe(2);
    expect(courseWeek('2026-11-26', seoul).week).toBe(12);
    expect(weekFromDate('2026-11-26', seoul)).toBe(12);
  });

  it('reports a date before the start or after week 20 as outside instead of hiding it', () => {
    expect(courseWeek('2026-09-06', seoul)).toEqual({ week: 1, rawWeek: 0, isOutside: true });
    expect(courseWeek('2027-01-24', seoul)).toEqual({ week: 20, rawWeek: 20, isOutside: false });
    expect(courseWeek('2027-01-25', seoul)).toEqual({ week: 20, rawWeek: 21, isOutside: true });
  });

  it("counts an instant's day in the course's zone, through daylight saving", () => {
    const ny = { timeZone: 'America/New_York', semesterStart: '2026-10-26' };
    // 03:00 UTC on 2 November is still 1 November (EST) in New York: week 1, not 2.
    expect(courseWeek('2026-11-02T03:00:00Z', ny).week).toBe(1);
    expect(courseWeek('2026-11-02T05:00:00Z', ny).week).toBe(2);
    const berlin = { timeZone: 'Europe/Berlin', semesterStart: '2026-03-23' };
    expect(courseWeek('2026-03-29T22:30:00Z', berlin).week).toBe(2); // 00:30 CEST on 30 March
    expect(courseWeek('2026-03-29T21:30:00Z', berlin).week).toBe(1);
  });

  it('follows a moved clock: the week of today', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T02:56:00Z'));
    expect(weekFromDate(new Date(), seoul)).toBe(12);
    vi.setSystemTime(new Date('2027-03-02T00:00:00Z'));
    expect(courseWeek(new Date(), seoul).isOutside).toBe(true);
  });

  it("keeps the spec's fixed start without a calendar", () => {
    expect(weekFromDate('2025-03-03')).toBe(1);
    expect(weekFromDate('2026-11-26')).toBe(20);
  });
});

describe('dates in the interface language and the zone (issue 26)', () => {
  const instant = '2026-11-26T05:56:00Z';

  it('writes English dates in English and Korean ones in Korean', () => {
    const en = { timeZone: 'Asia/Seoul', language: 'en' };
    const ko = { timeZone: 'Asia/Seoul', language: 'ko' };
    expect(formatDateTime(instant, en)).toBe('Nov 26, 2026, 2:56 PM');
    expect(formatDateTime(instant, ko)).toBe('2026. 11. 26. 오후 2:56');
    expect(formatDate(instant, en)).toBe('Nov 26, 2026');
    expect(formatDate(instant, ko)).toBe('2026. 11. 26.');
  });

  it('shows the same moment as the day it is in the zone', () => {
    expect(
      formatDate('2026-11-26T02:56:00Z', { timeZone: 'America/New_York', language: 'en' }),
    ).toBe('Nov 25, 2026');
    expect(
      formatDateTime('2026-07-01T12:00:00Z', { timeZone: 'Europe/Berlin', language: 'en' }),
    ).toBe('Jul 1, 2026, 2:00 PM');
  });

  it('shows a bare calendar day as that day in every zone', () => {
    for (const timeZone of ['Asia/Seoul', 'America/New_York', 'Pacific/Honolulu'])
      expect(formatDate('2026-11-26', { timeZone, language: 'en' })).toBe('Nov 26, 2026');
  });

  it('writes the zone after a time when asked', () => {
    expect(
      formatDateTimeIn(instant, { timeZone: 'Asia/Seoul', language: 'en' }, { withZone: true }),
    ).toBe('Nov 26, 2026, 2:56 PM GMT+9');
    expect(
      formatDateTimeIn(instant, { timeZone: 'Asia/Seoul', language: 'ko' }, { withZone: true }),
    ).toBe('2026. 11. 26. 오후 2:56 GMT+9');
    expect(
      formatDateTimeIn(
        '2026-07-01T12:00:00Z',
        { timeZone: 'America/New_York', language: 'en' },
        { withZone: true },
      ),
    ).toBe('Jul 1, 2026, 8:00 AM EDT');
  });

  it("names the zone only when it is not the viewer's", () => {
    expect(zoneLabel('Asia/Seoul', 'Asia/Seoul', 'en')).toBeNull();
    expect(zoneLabel('Asia/Calcutta', 'Asia/Kolkata', 'en')).toBeNull();
    expect(zoneLabel('Asia/Seoul', 'Europe/Berlin', 'en')).toBe('Asia/Seoul (GMT+9)');
    expect(zoneLabel('America/New_York', 'Asia/Seoul', 'en', '2026-01-15T00:00:00Z')).toBe(
      'America/New_York (EST)',
    );
  });
});

describe('course calendar settings (issue 26)', () => {
  it('takes a known zone, a real day and 0 to 168 hours', () => {
    expect(
      courseCalendarSettings.parse({
        timeZone: 'Europe/Berlin',
        semesterStart: '2026-09-07',
        reminderHoursBefore: 0,
      }),
    ).toEqual({ timeZone: 'Europe/Berlin', semesterStart: '2026-09-07', reminderHoursBefore: 0 });
  });

  it('refuses an unknown zone, a malformed day, hours out of range and an empty change', () => {
    expect(courseCalendarUpdate.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(courseCalendarUpdate.safeParse({ semesterStart: '2026-02-30' }).success).toBe(false);
    expect(courseCalendarUpdate.safeParse({ semesterStart: '26-9-7' }).success).toBe(false);
    expect(courseCalendarUpdate.safeParse({ reminderHoursBefore: 169 }).success).toBe(false);
    expect(courseCalendarUpdate.safeParse({ reminderHoursBefore: -1 }).success).toBe(false);
    expect(courseCalendarUpdate.safeParse({ reminderHoursBefore: 1.5 }).success).toBe(false);
    expect(courseCalendarUpdate.safeParse({}).success).toBe(false);
  });
});
