import { z } from 'zod';
import { DAYS_PER_WEEK, WEEK_MAX, WEEK_MIN } from './constants.ts';
import { toEpochMs, type DateInput } from './dates.ts';

// The course calendar (issue 26, decision 0029): each workspace has a time zone and the first day
// of its semester. Weeks of lecture notes count from that day in that zone, and every date of the
// workspace is shown in that zone, in the interface language's format. Everything here works for
// any IANA zone with Intl alone (daylight saving included), without a time-zone library.

/** A workspace's calendar: its IANA time zone and its semester's first day ('YYYY-MM-DD'). */
export type CourseCalendar = { timeZone: string; semesterStart: string };

/** The zone of a workspace created without one, and of every workspace before issue 26. */
export const DEFAULT_TIME_ZONE = 'Asia/Seoul';
/** Reminder lead time of a new workspace, in hours before a deadline (0: no reminders). */
export const REMINDER_HOURS_DEFAULT = 24;
/** The longest reminder lead time: a week. */
export const REMINDER_HOURS_MAX = 168;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
// An IANA name ('Asia/Seoul', 'America/Argentina/Buenos_Aires', 'UTC'); offsets such as
// '+09:00', which newer Intl versions also accept, are not zones a course lives in.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * Zones found known: a formatter per check cost half a millisecond of each server render (issue
 * 22). An unknown one is never kept, and since Intl takes a name in any letter case, the set is
 * bounded (the real zones are about 600).
 */
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 2048;

/** Whether `zone` is a time zone Intl knows by its IANA name. */
export function isKnownTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

/** Whether `value` is a real calendar day written 'YYYY-MM-DD'. */
export function isDateOnly(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** An IANA time zone name that Intl knows. */
export const timeZoneName = z
  .string()
  .trim()
  .min(1, 'Choose a time zone')
  .refine(isKnownTimeZone, 'Unknown time zone');

/** A calendar day 'YYYY-MM-DD' that exists. */
export const dateOnly = z.string().refine(isDateOnly, 'Enter a date as YYYY-MM-DD');

/** Hours before a deadline its reminders go out: 0 (none) to 168. */
export const reminderHoursBefore = z
  .number()
  .int('Enter whole hours')
  .min(0, `Enter 0 to ${REMINDER_HOURS_MAX} hours`)
  .max(REMINDER_HOURS_MAX, `Enter 0 to ${REMINDER_HOURS_MAX} hours`);

/** A workspace's course calendar settings as the detail page shows them and Settings sends them. */
export const courseCalendarSettings = z.object({
  timeZone: timeZoneName,
  semesterStart: dateOnly,
  reminderHoursBefore,
});
export type CourseCalendarSettings = z.infer<typeof courseCalendarSettings>;

/** PATCH /api/workspaces/:id/calendar: the settings given change (owner). */
export const courseCalendarUpdate = courseCalendarSettings
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type CourseCalendarUpdate = z.input<typeof courseCalendarUpdate>;

type Parts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
function zonedParts(ms: number, timeZone: string): Parts {
  const parts: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far a zone's wall clock is ahead of UTC at an instant, in ms (daylight saving included). */
export function zoneOffsetMs(input: DateInput, timeZone: string): number {
  const ms = toEpochMs(input);
  const p = zonedParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The calendar day of an instant in a zone, as 'YYYY-MM-DD'. */
export function dateKeyInZone(input: DateInput, timeZone: string): string {
  const p = zonedParts(toEpochMs(input), timeZone);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`;
}

/** The wall time of an instant in a zone, as 'YYYY-MM-DD HH:mm:ss'. */
export function wallTimeInZone(input: DateInput, timeZone: string): string {
  const p = zonedParts(toEpochMs(input), timeZone);
  return `${dateKeyInZone(input, timeZone)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/**
 * The instant a zone's wall clock shows 'YYYY-MM-DD HH:mm[:ss]' (or 'YYYY-MM-DDTHH:mm'). A time
 * skipped by a daylight-saving change is read with the offset from before it (02:30 on a spring
 * morning in New York is 03:30); a repeated one is its first occurrence. Null when malformed.
 */
export function instantFromWallTime(wall: string, timeZone: string): number | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isDateOnly(`${match[1]}-${match[2]}-${match[3]}`) || hour > 23 || minute > 59 || second > 59)
    return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset a few hours before and after bracket any change; the earlier reading wins.
  const before = zoneOffsetMs(asUtc - DAY_MS / 2, timeZone);
  const after = zoneOffsetMs(asUtc + DAY_MS / 2, timeZone);
  for (const offset of [before, after]) {
    const candidate = asUtc - offset;
    if (zoneOffsetMs(candidate, timeZone) === offset) return candidate;
  }
  return asUtc - before;
}

/** The instant a calendar day starts in a zone (its first moment, usually 00:00). */
export function startOfDayInZone(day: string, timeZone: string): number {
  if (!isDateOnly(day)) throw new RangeError(`Invalid date: ${day}`);
  return instantFromWallTime(`${day} 00:00`, timeZone)!;
}

/** Days from calendar day `from` to calendar day `to` (both 'YYYY-MM-DD'). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The Monday of the week of an instant in a zone, as 'YYYY-MM-DD' (a new semester's default). */
export function mondayOfWeekInZone(now: DateInput, timeZone: string): string {
  const today = dateKeyInZone(now, timeZone);
  const midday = Date.parse(`${today}T12:00:00Z`);
  const weekday = (new Date(midday).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return new Date(midday - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** A date's lecture week in a course, and whether the date falls outside weeks 1 to 20. */
export type CourseWeek = {
  /** floor(days / 7) + 1, held within 1 to 20 (the nearest week when outside). */
  week: number;
  /** The unheld count: below 1 before the semester, above 20 after its last week. */
  rawWeek: number;
  isOutside: boolean;
};

/**
 * The week of a date in a course: floor(days since the semester's first day / 7) + 1, the day
 * counted being the date's calendar day in the course's zone (a bare 'YYYY-MM-DD' is that day).
 */
export function courseWeek(date: DateInput, calendar: CourseCalendar): CourseWeek {
  // spec part 2, section 9: floor(days/7)+1, weeks 1 to 20; from the workspace's own semester
  // start (issue 26) instead of the fixed 3 March 2025, and outside dates are reported.
  const day =
    typeof date === 'string' && DATE_ONLY.test(date)
      ? date
      : dateKeyInZone(date, calendar.timeZone);
  const rawWeek = Math.floor(daysBetween(calendar.semesterStart, day) / DAYS_PER_WEEK) + 1;
  const week = Math.min(WEEK_MAX, Math.max(WEEK_MIN, rawWeek));
  return { week, rawWeek, isOutside: week !== rawWeek };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
