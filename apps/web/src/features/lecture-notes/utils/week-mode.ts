import { weekFromDate } from '@teamshuffle/domain';

// The note modal's week (spec part 2, section 4): it follows the date unless set by hand; Show
// Week and Hide Week toggle its field; editing a note opens in manual week mode.

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
export function weekAfterDateChange<W>(date: string | null, week: W, mode: WeekMode): number | W {
  return mode.isManual || date === null ? week : weekFromDate(date);
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
): { mode: WeekMode; week: number | W } {
  const following = { ...mode, isManual: false };
  return { mode: following, week: weekAfterDateChange(date, week, following) };
}
