import { Text } from '@mantine/core';
import { useFormatDate } from '../../../lib/dates/use-format-date';
import { useTranslation } from '../../../lib/i18n';

/** "Your deadline: ... (extended)": the team's or member's own later deadline (decision 0030). */
export function OwnDeadline({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  return (
    <Text size="sm" c="teal" fw={500} data-testid="own-deadline">
      {t('lateRules.extension.yourDeadline', { date: dates.deadline(dueAt) })}
    </Text>
  );
}
