import {
  DEFAULT_TIME_ZONE,
  dateKeyInZone,
  formatDateTime,
  instantFromWallTime,
  startOfDayInZone,
  wallTimeInZone,
} from '@teamshuffle/domain';

// An assignment's submission window: where it stands now, and how its instants are edited. The
// date pickers work in wall-clock strings ('YYYY-MM-DD HH:mm:ss') with no zone; a picker's string
// is read in the workspace's time zone (issue 26, decision 0029; Seoul when none is given, as the
// spec had it) and stored as an instant.

/** Where the window stands: before the start (refused), open, or after the end (late). */
export type WindowPhase = 'upcoming' | 'open' | 'ended';

/** The window of an assignment: instants (ISO 8601), or null for an open start or end. */
export interface AssignmentWindow {
  startAt: string | null;
  endAt: string | null;
}

/** The phase at `now` (epoch ms), as the server decides: refused before the start, late after the end. */
export function windowPhase(window: AssignmentWindow, now: number): WindowPhase {
  if (window.startAt !== null && Date.parse(window.startAt) > now) return 'upcoming';
  if (window.endAt !== null && Date.parse(window.endAt) < now) return 'ended';
  return 'open';
}

/** An instant as the picker holds it: the zone's wall-clock time 'YYYY-MM-DD HH:mm:ss'. */
export function seoulWallTime(
  instant: string | null,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  if (instant === null) return null;
  const ms = Date.parse(instant);
  if (!Number.isFinite(ms)) return null;
  return wallTimeInZone(ms, timeZone);
}

/** A picker's wall-clock time in the zone as an instant (ISO 8601, UTC); null when malformed. */
export function instantFromSeoulWallTime(
  value: string | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  const ms = value ? instantFromWallTime(value.trim(), timeZone) : null;
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * The window of a new assignment: today 00:00 to tomorrow 23:59 in the workspace's zone (spec part
 * 2, section 9, in Seoul time there).
 */
export function defaultWindow(
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): { startAt: string; endAt: string } {
  const today = dateKeyInZone(now, timeZone);
  const tomorrow = dateKeyInZone(startOfDayInZone(today, timeZone) + 36 * 60 * 60 * 1000, timeZone);
  const endAt = instantFromWallTime(`${tomorrow} 23:59`, timeZone)!;
  return {
    startAt: new Date(startOfDayInZone(today, timeZone)).toISOString(),
    endAt: new Date(endAt).toISOString(),
  };
}

/**
 * A picker's value as the page shows dates: read in `timeZone` and written by `format` (the page's
 * useFormatDate().dateTime); without them, Seoul and the spec's Korean format.
 */
export function formatWallTime(
  value: string,
  timeZone: string = DEFAULT_TIME_ZONE,
  format: (instant: string) => string = formatDateTime,
): string {
  const instant = instantFromSeoulWallTime(value, timeZone);
  return instant === null ? value : format(instant);
}
