import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE, SEOUL_UTC_OFFSET_MS } from './constants.ts';

/** Anything the date helpers accept: a Date, epoch milliseconds, or an ISO string. */
export type DateInput = Date | number | string;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// spec part 2, section 9: dates shown in the Korean locale and Seoul time zone
const dateFormatter = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const dateTimeFormatter = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Epoch milliseconds of a date input; a bare 'YYYY-MM-DD' is that day's 00:00 in Seoul.
 * Throws a RangeError for an invalid date.
 */
export function toEpochMs(input: DateInput): number {
  let ms: number;
  if (typeof input === 'number') ms = input;
  else if (input instanceof Date) ms = input.getTime();
  else {
    const day = DATE_ONLY.exec(input);
    ms = day
      ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) - SEOUL_UTC_OFFSET_MS
      : Date.parse(input);
  }
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid date: ${String(input)}`);
  return ms;
}

/** The calendar day in Seoul of an instant, as 'YYYY-MM-DD'. */
export function seoulDateKey(input: DateInput): string {
  // Seoul is a fixed UTC+9 (no daylight saving since 1988), so shifting and reading UTC is exact.
  return new Date(toEpochMs(input) + SEOUL_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch milliseconds of 00:00 in Seoul on the Seoul calendar day of an instant. */
export function startOfSeoulDay(input: DateInput): number {
  const shifted = toEpochMs(input) + SEOUL_UTC_OFFSET_MS;
  return shifted - mod(shifted, DAY_MS) - SEOUL_UTC_OFFSET_MS;
}

/** Default assignment window: today 00:00 to tomorrow 23:59, Seoul time, as epoch ms. */
export function defaultAssignmentWindow(now: DateInput): { startDate: number; endDate: number } {
  // spec part 2, section 9: default assignment window today 00:00 to tomorrow 23:59
  const startDate = startOfSeoulDay(now);
  const endDate = startDate + DAY_MS + (23 * 60 + 59) * 60 * 1000;
  return { startDate, endDate };
}

/** A date as shown in the UI: Korean locale, Seoul calendar day, e.g. '2025. 3. 3.'. */
export function formatDate(input: DateInput): string {
  return dateFormatter.format(toEpochMs(input));
}

/** A date and time as shown in the UI: Korean locale, Seoul time, e.g. '2025. 3. 3. 오전 12:30'. */
export function formatDateTime(input: DateInput): string {
  return dateTimeFormatter.format(toEpochMs(input));
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}
