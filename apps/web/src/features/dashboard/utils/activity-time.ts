import { formatDate, relativeTime } from '@teamshuffle/domain';
import type { DateInput } from '@teamshuffle/domain';
import type { TFunction } from '../../../lib/i18n';

/**
 * When an activity happened: 'Just now', minutes, hours, days, then a date (spec part 1, section
 * 9) in `formatDay` (the page's own date format, issue 26).
 */
export function activityTimeText(
  t: TFunction,
  then: DateInput,
  now: DateInput,
  formatDay: (date: DateInput) => string = formatDate,
): string {
  const rel = relativeTime(then, now);
  switch (rel.unit) {
    case 'just-now':
      return t('dashboard.time.justNow');
    case 'minutes':
      return t('dashboard.time.minutes', { count: rel.value });
    case 'hours':
      return t('dashboard.time.hours', { count: rel.value });
    case 'days':
      return t('dashboard.time.days', { count: rel.value });
    case 'date':
      return formatDay(rel.date);
  }
}
