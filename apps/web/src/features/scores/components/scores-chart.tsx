import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { gradeFromPercent } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import type { ScoreBar } from '../utils/score-view';

/**
 * A small bar chart of one team's scores per assignment, each bar in its grade's colour. Loaded
 * lazily with Team Scores (recharts is large), so no other page downloads it.
 */
export function ScoresChart({ bars }: { bars: ScoreBar[] }) {
  const { t } = useTranslation();
  return (
    <BarChart
      h={140}
      data={bars}
      dataKey="assignment"
      series={[{ name: 'score', label: t('assignments.scores.chartSeries'), color: 'blue.6' }]}
      getBarColor={(value) => `${gradeFromPercent(value).color}.6`}
      yAxisProps={{ domain: [0, 100], width: 32 }}
      gridAxis="y"
      tickLine="none"
      withTooltip
      maxBarWidth={36}
    />
  );
}
