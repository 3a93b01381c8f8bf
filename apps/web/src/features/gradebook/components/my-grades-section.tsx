import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { GradeBadge } from '../../../components/grade-badge';
import { useTranslation } from '../../../lib/i18n';
import { SectionLoading } from '../../../components/section-loading';
import { useSession } from '../../../lib/session/session-context';
import { useMyGrades } from '../api/get-my-grades';
import { GradebookCellMarks } from './gradebook-cell-marks';
import { errorText, formatScore } from './gradebook-format';
import { LatePenaltyText } from './late-penalty-text';

/**
 * My grades (issue 25): the signed-in member's own grade on every graded item, with feedback,
 * the team's grade and any override, released peer evaluations, and the final percentage. The
 * server sends this member's row only.
 */
export function MyGradesSection({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const query = useMyGrades(session.user?.id ?? null, detail.id);
  if (query.isPending) return <SectionLoading label={t('gradebook.loading')} />;
  if (query.isError) return <Alert color="red">{errorText(query.error, t)}</Alert>;
  const { items, row } = query.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('gradebook.myTitle')}
      </Title>
      <Paper withBorder p="sm" data-testid="my-grades-final">
        <Group gap="sm">
          <Text fw={600}>{t('gradebook.my.final')}:</Text>
          {row.totals.finalPercent === null ? (
            <Text c="dimmed">{t('gradebook.my.noGrades')}</Text>
          ) : (
            <>
              <Text fw={700}>{formatScore(row.totals.finalPercent)}%</Text>
              <GradeBadge percent={row.totals.finalPercent} size="sm" />
            </>
          )}
        </Group>
        <Group gap="md" mt={4} wrap="wrap">
          {(['assignments', 'tasks', 'peer'] as const).map((category) => (
            <Text key={category} size="xs" c="dimmed">
              {t(`gradebook.my.category.${category}`)}:{' '}
              {formatScore(row.totals.categories[category])}
            </Text>
          ))}
        </Group>
      </Paper>
      {items.length === 0 ? (
        <Text c="dimmed">{t('gradebook.my.noGrades')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder data-testid="my-grades-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('gradebook.my.item')}</Table.Th>
                <Table.Th>{t('gradebook.my.score')}</Table.Th>
                <Table.Th>{t('gradebook.my.teamGrade')}</Table.Th>
                <Table.Th>{t('gradebook.my.feedback')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, index) => {
                const cell = row.cells[index]!;
                return (
                  <Table.Tr key={item.id} data-testid="my-grades-row" data-item={item.label}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {item.label} {item.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`gradebook.kinds.${item.kind}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {formatScore(cell.score)}
                        </Text>
                        {cell.score === null ? null : <GradeBadge percent={cell.score} size="xs" />}
                        <GradebookCellMarks flags={cell.flags} long />
                      </Group>
                      {cell.flags.includes('overridden') ? null : <LatePenaltyText cell={cell} />}
                      {cell.overrideReason ? (
                        <Text size="xs" c="dimmed">
                          {t('gradebook.my.override', { reason: cell.overrideReason })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {item.kind === 'assignment' || item.kind === 'team_task'
                        ? formatScore(cell.gradedScore)
                        : '–'}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {cell.feedback}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
