import { notificationWordsIn, type NotificationView } from '@teamshuffle/domain';
import type { DateFormat } from '../../../lib/dates/use-format-date';

/**
 * A notification's title and message in the reader's language (decision 0041): its words, when it
 * carries words of a kind this app knows (`notificationWordsIn`, the domain's words of both
 * languages), a peer evaluation's end in the reader's zone; otherwise the title and message as
 * the server stored them (an announcement, a row written before, or words of a later version).
 */
export function notificationWords(
  notification: NotificationView,
  dates: Pick<DateFormat, 'language' | 'deadline'>,
): { title: string; message: string } {
  return (
    notificationWordsIn(dates.language, notification.data.text, dates.deadline) ?? {
      title: notification.title,
      message: notification.message,
    }
  );
}
