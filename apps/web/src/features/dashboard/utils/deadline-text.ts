import { DEFAULT_TIME_ZONE, formatDateTimeIn } from '@teamshuffle/domain';
import { viewerTimeZone } from '../../../lib/dates/viewer-time-zone';

/**
 * A deadline in the viewer's own time zone (or `timeZone`), in the interface language's format
 * (issue 26, decision 0029): 'Dec 1, 2026, 11:59 PM' in English, '2026. 12. 1. 오후 11:59' in
 * Korean. Components use useFormatDate(); this is the same for tests and helpers.
 */
export function deadlineText(
  iso: string,
  language: string,
  timeZone: string = viewerTimeZone() ?? DEFAULT_TIME_ZONE,
): string {
  return formatDateTimeIn(iso, { timeZone, language });
}
