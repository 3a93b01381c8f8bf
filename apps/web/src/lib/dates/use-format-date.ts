import {
  type CourseCalendar,
  DEFAULT_TIME_ZONE,
  type DateInput,
  type Language,
  formatDate,
  formatDateTime,
  formatDateTimeIn,
  isKnownTimeZone,
  zoneLabel,
} from '@teamshuffle/domain';
import { useMemo } from 'react';
import { useTranslation } from '../i18n';
import { viewerTimeZone } from './viewer-time-zone';
import { useWorkspaceCalendar } from './workspace-calendar';

/** How the web app shows dates and times (issue 26, decision 0029). */
export type DateFormat = {
  language: Language;
  /** The zone dates are shown in: the workspace's inside one, the viewer's elsewhere. */
  timeZone: string;
  /** The viewer's own zone; null where it is not known (on the server). */
  viewerTimeZone: string | null;
  /** The workspace's calendar, or null outside a workspace. */
  calendar: CourseCalendar | null;
  /** 'Nov 26, 2026' / '2026. 11. 26.'; a bare 'YYYY-MM-DD' is that day. */
  date: (input: DateInput) => string;
  /** 'Nov 26, 2026, 2:56 PM' / '2026. 11. 26. 오후 2:56'. */
  dateTime: (input: DateInput) => string;
  /** The zone's name when it is not the viewer's ('Asia/Seoul (GMT+9)'), otherwise null. */
  zone: string | null;
  /** A deadline: its date and time, with the zone's short name when it is not the viewer's. */
  deadline: (input: DateInput) => string;
};

/**
 * Dates shown in the calendar's zone (when Intl knows it), else the viewer's (Seoul when that is
 * not known: on the server), in `language`'s format, with the zone named where it is not the
 * viewer's. Pure, for helpers and tests; components use `useFormatDate`.
 */
export function dateFormat(
  language: Language,
  calendar: CourseCalendar | null,
  viewer: string | null = viewerTimeZone(),
): DateFormat {
  const timeZone =
    calendar?.timeZone && isKnownTimeZone(calendar.timeZone)
      ? calendar.timeZone
      : (viewer ?? DEFAULT_TIME_ZONE);
  const display = { timeZone, language };
  // Not knowing the viewer's zone (the server), no zone is named: the browser's render names it.
  const zone = viewer === null ? null : zoneLabel(timeZone, viewer, language);
  return {
    language,
    timeZone,
    viewerTimeZone: viewer,
    calendar,
    date: (input) => formatDate(input, display),
    dateTime: (input) => formatDateTime(input, display),
    zone,
    deadline: (input) => formatDateTimeIn(input, display, { withZone: zone !== null }),
  };
}

/**
 * The one way components show dates: in the workspace's zone inside a workspace (its calendar
 * comes from WorkspaceCalendarProvider), in the viewer's own zone outside, always in the
 * interface language's format. The same moment is the same day on every page of a workspace.
 */
export function useFormatDate(): DateFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const calendar = useWorkspaceCalendar();
  const timeZone = calendar?.timeZone;
  const semesterStart = calendar?.semesterStart;
  return useMemo(
    () => dateFormat(language, timeZone && semesterStart ? { timeZone, semesterStart } : null),
    [language, timeZone, semesterStart],
  );
}
