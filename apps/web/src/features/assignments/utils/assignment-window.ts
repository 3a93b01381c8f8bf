import { SEOUL_UTC_OFFSET_MS, defaultAssignmentWindow, formatDateTime } from '@teamshuffle/domain';

// An assignment's submission window: where it stands now, and how its instants are edited. The
// date pickers work in wall-clock strings ('YYYY-MM-DD HH:mm:ss') with no zone; the spec shows and
// sets every date in Seoul time, so a picker's string is read as Seoul time and stored as an
// instant (spec part 2, section 9: Korean locale, Seoul time zone).

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

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An instant as the picker holds it: the Seoul wall-clock time 'YYYY-MM-DD HH:mm:ss'. */
export function seoulWallTime(instant: string | null): string | null {
  if (instant === null) return null;
  const ms = Date.parse(instant);
  if (!Number.isFinite(ms)) return null;
  // Seoul is a fixed UTC+9 (no daylight saving), so shifting and reading UTC is exact.
  return new Date(ms + SEOUL_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A picker's Seoul wall-clock time as an instant (ISO 8601, UTC); null when empty or malformed. */
export function instantFromSeoulWallTime(value: string | null | undefined): string | null {
  const match = value ? WALL_TIME.exec(value.trim()) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const ms =
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second ?? '0'),
    ) - SEOUL_UTC_OFFSET_MS;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The window of a new assignment: today 00:00 to tomorrow 23:59, Seoul time (spec part 2, section 9). */
export function defaultWindow(now: number): { startAt: string; endAt: string } {
  const { startDate, endDate } = defaultAssignmentWindow(now);
  return { startAt: new Date(startDate).toISOString(), endAt: new Date(endDate).toISOString() };
}

/** A picker's value as the page shows dates (ko-KR, Seoul): '2025. 3. 3. 오전 12:00'. */
export function formatWallTime(value: string): string {
  const instant = instantFromSeoulWallTime(value);
  return instant === null ? value : formatDateTime(instant);
}
