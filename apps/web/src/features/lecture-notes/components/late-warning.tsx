import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNow } from '../../../hooks/use-now';
import { useTranslation } from '../../../lib/i18n';
import { useFormatDate } from '../../../lib/dates/use-format-date';

/**
 * Before a hand-in after the task's deadline (issue 26, as the assignment panel does after its
 * end date): the server still takes the answer and marks it late, and the form says so first,
 * with the deadline. The time moves on while the form is open (`useNow`).
 */
export function LateWarning({ deadline }: { deadline: string | null }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const now = useNow();
  if (deadline === null || !(Date.parse(deadline) < now)) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      data-testid="late-warning"
    >
      {t('lectureNotes.panel.lateWarning', { date: dates.deadline(deadline) })}
    </Alert>
  );
}
