import {
  RELATIVE_DAYS_UNDER,
  RELATIVE_HOURS_UNDER,
  RELATIVE_JUST_NOW_UNDER_MS,
  RELATIVE_MINUTES_UNDER,
} from './constants.ts';
import { formatDate, toEpochMs } from './dates.ts';
import type { DateInput } from './dates.ts';

/** How long ago something happened, in the largest unit the spec allows for that age. */
export type RelativeTime =
  | { unit: 'just-now' }
  | { unit: 'minutes' | 'hours' | 'days'; value: number }
  | { unit: 'date'; date: Date };

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Age of `then` at `now`: 'just-now' under 1 minute (and for future times), then minutes, hours, days, date. */
export function relativeTime(then: DateInput, now: DateInput): RelativeTime {
  const thenMs = toEpochMs(then);
  const age = toEpochMs(now) - thenMs;
  // spec part 1, section 9: 'Just now' under 1 minute; minutes under 60; hours under 24;
  // days under 7; then a date
  if (age < RELATIVE_JUST_NOW_UNDER_MS) return { unit: 'just-now' };
  const minutes = Math.floor(age / MINUTE_MS);
  if (minutes < RELATIVE_MINUTES_UNDER) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(age / HOUR_MS);
  if (hours < RELATIVE_HOURS_UNDER) return { unit: 'hours', value: hours };
  const days = Math.floor(age / DAY_MS);
  if (days < RELATIVE_DAYS_UNDER) return { unit: 'days', value: days };
  return { unit: 'date', date: new Date(thenMs) };
}

/** English text of a relative time ('Just now', '5 minutes ago', ...); dates in ko-KR, Seoul. */
export function formatRelativeTimeEn(rel: RelativeTime): string {
  switch (rel.unit) {
    case 'just-now':
      return 'Just now';
    case 'minutes':
      return `${rel.value} ${rel.value === 1 ? 'minute' : 'minutes'} ago`;
    case 'hours':
      return `${rel.value} ${rel.value === 1 ? 'hour' : 'hours'} ago`;
    case 'days':
      return `${rel.value} ${rel.value === 1 ? 'day' : 'days'} ago`;
    case 'date':
      return formatDate(rel.date);
    default:
      return assertNever(rel);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected relative time: ${JSON.stringify(value)}`);
}
