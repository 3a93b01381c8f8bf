import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BalanceReport as Report } from '@teamshuffle/domain';
import { IconClockStop } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

type BalanceReportProps = {
  report: Report;
  /** The search was stopped by its time budget or by the user. */
  isCut: boolean;
  formatNumber: (value: number) => string;
};

type Row = {
  key: string;
  label: string;
  achieved: string;
  plain: string;
  bound: string;
  isAtBound: boolean;
};

/**
 * The balance report (issue 15): for each objective turned on, the figure of these teams, of
 * the plain shuffle of the same seed, and the best possible where it is known.
 */
export function BalanceReport({ report, isCut, formatNumber }: BalanceReportProps) {
  const { t } = useTranslation();
  const noBound = t('balance.report.noBound');
  const rows: Row[] = [
    ...report.isolation.map((figure) => ({
      key: `isolation-${figure.key}`,
      label: t('balance.report.isolation', { key: figure.key, values: figure.values.join(', ') }),
      achieved: String(figure.achieved),
      plain: String(figure.plain),
      bound: String(figure.lowerBound),
      isAtBound: figure.achieved <= figure.lowerBound,
    })),
    ...report.spread.map((figure) => ({
      key: `spread-${figure.key}`,
      label: t('balance.report.spread', { key: figure.key }),
      achieved: String(figure.achieved),
      plain: String(figure.plain),
      bound: String(figure.lowerBound),
      isAtBound: figure.achieved <= figure.lowerBound,
    })),
    ...(report.repeats
      ? [
          {
            key: 'repeats',
            label: t('balance.report.repeats'),
            achieved: String(report.repeats.achieved),
            plain: String(report.repeats.plain),
            bound: String(report.repeats.lowerBound),
            isAtBound: report.repeats.achieved <= report.repeats.lowerBound,
          },
        ]
      : []),
    ...report.numeric.map((figure) => ({
      key: `numeric-${figure.key}`,
      label: t('balance.report.numeric', { key: figure.key }),
      achieved: formatNumber(figure.achieved),
      plain: formatNumber(figure.plain),
      bound: noBound,
      isAtBound: false,
    })),
  ];
  if (rows.length === 0) return null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="balance-report-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="balance-report-title">
          {t('balance.report.title')}
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} data-testid="balance-report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('balance.report.objective')}</Table.Th>
                <Table.Th ta="right">{t('balance.report.achieved')}</Table.Th>
                <Table.Th ta="right">{t('balance.report.plain')}</Table.Th>
                <Table.Th ta="right">{t('balance.report.bound')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-objective={row.key}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td
                    ta="right"
                    fw={700}
                    c={row.isAtBound ? 'teal' : undefined}
                    data-cell="achieved"
                  >
                    {row.achieved}
                  </Table.Td>
                  <Table.Td ta="right" data-cell="plain">
                    {row.plain}
                  </Table.Td>
                  <Table.Td ta="right" c="dimmed" data-cell="bound">
                    {row.bound}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {t('balance.report.note')}
        </Text>
        {isCut ? (
          <Alert color="yellow" icon={<IconClockStop size={18} aria-hidden="true" />}>
            {t('balance.report.cut')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
