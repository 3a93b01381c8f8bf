import {
  type CourseCalendar,
  WEEK_MAX,
  WEEK_MIN,
  courseWeek,
  weekFromDate,
} from '@teamshuffle/domain';

// The note modal's week (spec part 2, section 4): it follows the date unless set by hand; Show
// Week and Hide Week toggle its field; editing a note opens in manual week mode. The date's week
// counts from the workspace's semester start in its time zone (issue 26, decision 0029).

/** Whether the week follows the date or was set by hand, and whether its field is shown. */
export interface WeekMode {
  isManual: boolean;
  isShown: boolean;
}

/** A new note's week follows the date (field hidden); an edited note's is the one it has. */
export function initialWeekMode(isEditing: boolean): WeekMode {
  return isEditing ? { isManual: true, isShown: true } : { isManual: false, isShown: false };
}

/** The week once the date changes: the date's week, unless set by hand or the date is cleared. */
export function weekAfterDateChange<W>(
  date: string | null,
  week: W,
  mode: WeekMode,
  calendar?: CourseCalendar | null,
): number | W {
  return mode.isManual || date === null ? week : weekFromDate(date, calendar ?? undefined);
}

/**
 * Whether the date falls outside weeks 1 to 20 of the workspace's semester: the form then says
 * so next to the week (held at 1 or 20) instead of hiding it.
 */
export function isDateOutsideWeeks(
  date: string | null,
  calendar: CourseCalendar | null | undefined,
): boolean {
  return date !== null && calendar != null && courseWeek(date, calendar).isOutside;
}

/** Whether a typed week is one a note can have (1 to 20); '' (not typed yet) is not judged here. */
export function isWeekInRange(week: number | string): boolean {
  return (
    week === '' ||
    (typeof week === 'number' && Number.isInteger(week) && week >= WEEK_MIN && week <= WEEK_MAX)
  );
}

/** Typing a week sets it by hand: the date no longer moves it. */
export function weekTyped(mode: WeekMode): WeekMode {
  return { ...mode, isManual: true };
}

/** Show Week / Hide Week. */
export function toggleWeekField(mode: WeekMode): WeekMode {
  return { ...mode, isShown: !mode.isShown };
}

/** "Use the date's week": back to following the date, at the date's week (if there is a date). */
export function followDate<W>(
  date: string | null,
  week: W,
  mode: WeekMode,
  calendar?: CourseCalendar | null,
): { mode: WeekMode; week: number | W } {
  const following = { ...mode, isManual: false };
  return { mode: following, week: weekAfterDateChange(date, week, following, calendar) };
}
