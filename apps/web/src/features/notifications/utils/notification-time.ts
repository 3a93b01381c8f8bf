import { formatDate, relativeTime } from '@teamshuffle/domain';
import type { DateInput } from '@teamshuffle/domain';
import type { TFunction } from '../../../lib/i18n';

/**
 * When a notification came, as the spec words it (part 1, section 9): 'Just now' under a
 * minute, then minutes, hours and days, and a date from 7 days on
 * (`formatDay`: the page's own date format, issue 26).
 */
export function notificationTimeText(
  t: TFunction,
  then: DateInput,
  now: DateInput,
  formatDay: (date: DateInput) => string = formatDate,
): string {
  const rel = relativeTime(then, now);
  switch (rel.unit) {
    case 'just-now':
      return t('notifications.time.justNow');
    case 'minutes':
      return t('notifications.time.minutes', { count: rel.value });
    case 'hours':
      return t('notifications.time.hours', { count: rel.value });
    case 'days':
      return t('notifications.time.days', { count: rel.value });
    case 'date':
      return formatDay(rel.date);
  }
}
