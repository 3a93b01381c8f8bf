import {
  formatDateTimeIn,
  isKnownNotificationText,
  isKnownTimeZone,
  type NotificationView,
} from '@teamshuffle/domain';
import type { DateFormat } from '../../../lib/dates/use-format-date';
import type { TFunction } from '../../../lib/i18n';

/**
 * A notification's title and message in the reader's language (decision 0041): its words, when
 * it carries words of a kind this app knows, with their dates written in the reader's language;
 * otherwise the title and message as the server stored them (an announcement, a row written
 * before, or words of a later version). A deadline keeps the zone of its workspace, named after it
 * as the server's English names it; a peer evaluation's end is in the reader's own zone.
 */
export function notificationWords(
  notification: NotificationView,
  t: TFunction,
  dates: Pick<DateFormat, 'language' | 'deadline'>,
): { title: string; message: string } {
  const stored = { title: notification.title, message: notification.message };
  const text = notification.data.text;
  if (!text || !isKnownNotificationText(text)) return stored;
  const values: Record<string, string> = { ...text.values };
  try {
    if (text.key === 'deadlineDue' || text.key === 'teamDeadlineDue') {
      const { dueAt, timeZone } = text.values;
      if (!isKnownTimeZone(timeZone)) return stored;
      const when = formatDateTimeIn(dueAt, { timeZone, language: dates.language });
      values['dueAt'] = `${when} (${timeZone})`;
    }
    if (text.key === 'peerToAnswer') values['endsAt'] = dates.deadline(text.values.endsAt);
  } catch {
    // A date that does not read (Intl refuses it): the stored words say it as the server did.
    return stored;
  }
  return {
    title: t(`notifications.words.${text.key}.title`, values),
    message: t(`notifications.words.${text.key}.message`, values),
  };
}
