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

/**
 * A date as shown in the UI: in `display`'s zone and language (formatDayIn), or without it the
 * spec's Korean locale and Seoul calendar day, e.g. '2025. 3. 3.'.
 */
export function formatDate(input: DateInput, display?: DateDisplay): string {
  if (display) return formatDayIn(input, display);
  return dateFormatter.format(toEpochMs(input));
}

/**
 * A date and time as shown in the UI: in `display`'s zone and language (formatDateTimeIn), or
 * without it the spec's Korean locale and Seoul time, e.g. '2025. 3. 3. 오전 12:30'.
 */
export function formatDateTime(input: DateInput, display?: DateDisplay): string {
  if (display) return formatDateTimeIn(input, display);
  return dateTimeFormatter.format(toEpochMs(input));
}

/** The locale of the interface language's date formats. */
export function localeOf(language: string): string {
  return language.startsWith('ko') ? 'ko-KR' : 'en-US';
}

/** How a date is shown: in which zone, and in which interface language's format. */
export type DateDisplay = { timeZone: string; language: string };

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

function displayFormatter(
  kind: 'date' | 'dateTime' | 'dateTimeZone' | 'zone',
  display: DateDisplay,
) {
  const locale = localeOf(display.language);
  const key = `${kind}|${locale}|${display.timeZone}`;
  let formatter = displayFormatters.get(key);
  if (!formatter) {
    const day =
      locale === 'en-US' ? ({ month: 'short' } as const) : ({ month: 'numeric' } as const);
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone: display.timeZone,
      ...(kind === 'zone'
        ? { timeZoneName: 'short' }
        : { year: 'numeric', day: 'numeric', ...day }),
      ...(kind === 'dateTime' || kind === 'dateTimeZone'
        ? { hour: 'numeric', minute: '2-digit' }
        : {}),
      ...(kind === 'dateTimeZone' ? { timeZoneName: 'short' } : {}),
    });
    displayFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A date in the interface language's format: 'Nov 26, 2026' (English), '2026. 11. 26.' (Korean).
 * An instant shows its calendar day in the zone; a bare 'YYYY-MM-DD' is that day in any zone.
 */
export function formatDayIn(input: DateInput, display: DateDisplay): string {
  if (typeof input === 'string' && DATE_ONLY.test(input)) {
    return displayFormatter('date', { ...display, timeZone: 'UTC' }).format(
      Date.parse(`${input}T12:00:00Z`),
    );
  }
  return displayFormatter('date', display).format(toEpochMs(input));
}

/**
 * A date and time: 'Nov 26, 2026, 2:56 PM' (English), '2026. 11. 26. 오후 2:56' (Korean); with
 * `withZone`, the zone's short name after it: 'Nov 26, 2026, 2:56 PM GMT+9'.
 */
export function formatDateTimeIn(
  input: DateInput,
  display: DateDisplay,
  { withZone = false }: { withZone?: boolean } = {},
): string {
  return displayFormatter(withZone ? 'dateTimeZone' : 'dateTime', display).format(toEpochMs(input));
}

/** Whether two zone names are the same zone (aliases such as 'Asia/Calcutta' included). */
export function isSameZone(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    const canonical = (zone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    return canonical(a) === canonical(b);
  } catch {
    return false;
  }
}

/**
 * The zone's name to show next to a time when it is not the viewer's own: 'Asia/Seoul (GMT+9)',
 * 'America/New_York (EST)'; null when the viewer is in that zone.
 */
export function zoneLabel(
  timeZone: string,
  viewerTimeZone: string,
  language: string,
  at: DateInput = 0,
): string | null {
  if (isSameZone(timeZone, viewerTimeZone)) return null;
  const short = displayFormatter('zone', { timeZone, language })
    .formatToParts(toEpochMs(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}
