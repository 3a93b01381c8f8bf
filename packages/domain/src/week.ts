import {
  DAYS_PER_WEEK,
  SEMESTER_START,
  SEOUL_UTC_OFFSET_MS,
  WEEK_MAX,
  WEEK_MIN,
} from './constants.ts';
import { courseWeek, type CourseCalendar } from './course-calendar.ts';
import { toEpochMs } from './dates.ts';
import type { DateInput } from './dates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// Number of the Seoul calendar day of an instant, counted from 1970-01-01.
function seoulDayNumber(input: DateInput): number {
  return Math.floor((toEpochMs(input) + SEOUL_UTC_OFFSET_MS) / DAY_MS);
}

const SEMESTER_START_DAY = seoulDayNumber(SEMESTER_START);

/**
 * Lecture week of a date: floor(days since the course's semester start in its zone / 7) + 1, held
 * within 1..20 (courseWeek says whether it was outside); without a calendar, from 2025-03-03 in
 * Seoul as the spec had it.
 */
export function weekFromDate(date: DateInput, calendar?: CourseCalendar): number {
  if (calendar) return courseWeek(date, calendar).week;
  // spec part 2, section 9: week computed from a fixed semester start of 3 March 2025 as
  // floor(days/7)+1, at least 1; the range is 1 to 20, so later dates stay in week 20.
  // The day counted is the calendar day in Seoul (the display time zone).
  const days = seoulDayNumber(date) - SEMESTER_START_DAY;
  const week = Math.floor(days / DAYS_PER_WEEK) + 1;
  return Math.min(WEEK_MAX, Math.max(WEEK_MIN, week));
}

/** Whether a value is a valid lecture week: an integer from 1 to 20. */
export function isValidWeek(week: number): boolean {
  // spec part 2, section 5: week integer 1 to 20
  return Number.isInteger(week) && week >= WEEK_MIN && week <= WEEK_MAX;
}
