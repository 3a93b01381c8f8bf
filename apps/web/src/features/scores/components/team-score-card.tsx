import { Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TeamScore } from '@teamshuffle/domain';
import { Suspense, lazy, useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { GradeBadge } from '../../../components/grade-badge';
import { formatAverage, scoreBars } from '../utils/score-view';

// recharts comes with the chart, on demand (see scores-chart.tsx).
const ScoresChart = lazy(async () => ({ default: (await import('./scores-chart')).ScoresChart }));

/**
 * One team's standing (spec part 2, sections 2 and 7): both averages with 2 decimals (over the
 * evaluated work, and with missing work as 0), assignments counted and evaluated, the letter grade
 * in its colour, and its scores per assignment as a small bar chart.
 */
export function TeamScoreCard({ team }: { team: TeamScore }) {
  const { t } = useTranslation();
  const titleId = useId();
  const chartId = useId();
  const averageEvaluated = formatAverage(team.averageEvaluated);
  const averageWithMissing = formatAverage(team.averageWithMissing);
  const bars = scoreBars(team);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      data-testid={`team-score-${team.teamNumber}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={3} size="h5" id={titleId}>
              {t('assignments.team', { number: team.teamNumber })}
            </Title>
            {team.leaderName ? (
              <Text size="xs" c="dimmed">
                {t('assignments.scores.leader', { name: team.leaderName })}
              </Text>
            ) : null}
          </Stack>
          {team.averageEvaluated !== null ? (
            <GradeBadge percent={team.averageEvaluated} size="lg" />
          ) : null}
        </Group>
        <Group gap="lg" wrap="wrap" align="flex-start">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('assignments.scores.averageEvaluated')}
            </Text>
            <Text fw={700} size="lg" data-testid="average-evaluated">
              {averageEvaluated ?? t('assignments.scores.notEvaluated')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('assignments.scores.averageWithMissing')}
            </Text>
            <Text fw={700} size="lg" data-testid="average-with-missing">
              {averageWithMissing ?? t('assignments.scores.noAssignments')}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" data-testid="score-counts">
          {t('assignments.scores.counts', {
            total: team.totalAssignments,
            evaluated: team.evaluatedAssignments,
          })}
        </Text>
        {bars.length > 0 ? (
          <figure style={{ margin: 0 }} aria-labelledby={chartId}>
            <VisuallyHidden id={chartId}>
              {t('assignments.scores.chartLabel', { number: team.teamNumber })}
            </VisuallyHidden>
            <Suspense fallback={<Skeleton height={140} radius="sm" />}>
              <ScoresChart bars={bars} />
            </Suspense>
            <VisuallyHidden component="ul">
              {bars.map((bar) => (
                <li key={bar.assignment}>
                  {t('assignments.scores.chartItem', {
                    number: bar.assignment.slice(1),
                    title: bar.title,
                    score:
                      bar.score === null
                        ? t('assignments.scores.notEvaluated')
                        : bar.score.toFixed(2),
                  })}
                </li>
              ))}
            </VisuallyHidden>
          </figure>
        ) : null}
      </Stack>
    </Card>
  );
}
