import { Text } from '@mantine/core';
import type { GradebookCell } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { formatScore } from './gradebook-format';

/** "72 (90 - 20% late)": a graded score after its late penalty, and the original (decision 0030). */
export function useLatePenaltyText() {
  const { t } = useTranslation();
  return (cell: Pick<GradebookCell, 'gradedScore' | 'latePenalty'>): string | null =>
    cell.latePenalty
      ? t('lateRules.grade.penalised', {
          score: formatScore(cell.gradedScore),
          original: formatScore(cell.latePenalty.originalScore),
          percent: cell.latePenalty.penaltyPercent,
        })
      : null;
}

/** The late penalty of a cell in a line of its own; nothing without one. */
export function LatePenaltyText({
  cell,
}: {
  cell: Pick<GradebookCell, 'gradedScore' | 'latePenalty'>;
}) {
  const text = useLatePenaltyText()(cell);
  if (text === null) return null;
  return (
    <Text size="xs" c="orange.8" data-testid="late-penalty">
      {text}
    </Text>
  );
}
