import { Badge, Group, Stack, Text } from '@mantine/core';
import type { EvaluationView } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { GradeBadge } from '../../../components/grade-badge';
import { useFormatDate } from '../../../lib/dates/use-format-date';

/** One evaluation: the letter grade in its colour, the score on the scale it was given, feedback. */
export function EvaluationLine({
  evaluation,
  withDetails = true,
}: {
  evaluation: EvaluationView;
  /** Feedback and who graded when (the panel); the card shows the grade only. */
  withDetails?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  return (
    <Stack gap={2} data-testid="evaluation">
      <Group gap="xs" wrap="nowrap">
        {evaluation.score === null || evaluation.rawScore === null ? (
          // issue 25: feedback without a score is never shown as 0 (F)
          <Badge variant="light" color="gray" size="sm" data-testid="evaluation-score">
            {t('grading.feedbackOnly')}
          </Badge>
        ) : (
          <>
            <GradeBadge percent={evaluation.score} size="sm" />
            <Text size="sm" fw={600} data-testid="evaluation-score">
              {t('assignments.grade.score', {
                raw: evaluation.rawScore,
                max: evaluation.maxScore,
              })}
            </Text>
          </>
        )}
      </Group>
      {withDetails && evaluation.feedback !== '' ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t('assignments.grade.feedback', { feedback: evaluation.feedback })}
        </Text>
      ) : null}
      {withDetails ? (
        <Text size="xs" c="dimmed">
          {evaluation.evaluatedBy
            ? t('assignments.grade.evaluatedBy', {
                name: evaluation.evaluatedBy.name,
                date: dates.dateTime(evaluation.evaluatedAt),
              })
            : t('assignments.grade.evaluatedAt', { date: dates.dateTime(evaluation.evaluatedAt) })}
        </Text>
      ) : null}
    </Stack>
  );
}
