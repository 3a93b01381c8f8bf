import { Badge, VisuallyHidden } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import { gradeFromPercent } from '@teamshuffle/domain';
import { useTranslation } from '../lib/i18n';

/**
 * A letter grade in its colour (spec part 2, section 9: 90+ A green, 80 B blue, 70 C yellow,
 * 60 D orange, lower F red), from a percent of the maximum. Shared by the assignment cards and
 * Team Scores, which live in two features.
 */
export function GradeBadge({
  percent,
  size = 'md',
}: {
  percent: number;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation();
  const { grade, color } = gradeFromPercent(percent);
  const label = t('assignments.grade.letter', { grade });
  return (
    <Badge
      color={color}
      size={size}
      variant="filled"
      title={label}
      data-testid="grade-badge"
      data-grade={grade}
      data-color={color}
    >
      <VisuallyHidden>{label}</VisuallyHidden>
      <span aria-hidden="true">{grade}</span>
    </Badge>
  );
}
