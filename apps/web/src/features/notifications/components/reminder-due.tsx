import { Text } from '@mantine/core';
import type { NotificationView } from '@teamshuffle/domain';
import { useFormatDate } from '../../../lib/dates/use-format-date';
import { useTranslation } from '../../../lib/i18n';

/**
 * A deadline reminder's own line (issue 26, decision 0031): not handed in, and the deadline it is
 * about in the reader's language and zone (its title and message, in the reader's language too
 * since decision 0041, keep the workspace's zone). Nothing for other types, or a reminder written
 * before it carried its deadline.
 */
export function ReminderDue({ notification }: { notification: NotificationView }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const dueAt = notification.data.dueAt;
  if (notification.type !== 'assignment_deadline_reminder' || !dueAt) return null;
  return (
    <Text size="sm" fw={500} c="orange.8" data-testid="reminder-due">
      <time dateTime={dueAt}>
        {t('notifications.reminder.due', { deadline: dates.deadline(dueAt) })}
      </time>
    </Text>
  );
}
