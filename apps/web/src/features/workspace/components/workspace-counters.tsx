import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { WorkspaceDetail } from '@teamshuffle/domain';

/**
 * The four counters (spec part 2, section 2); Fixed Groups is fixed pairs plus locked teams. The
 * spec's Workspaces Created and Group Size both count teams: the teams now, and the number of teams
 * the workspace was created with (`groupSize`); labelled so (issue 27).
 */
export function WorkspaceCounters({ counters }: { counters: WorkspaceDetail['counters'] }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'totalMembers',
      label: t('workspace.counters.totalMembers'),
      value: counters.totalMembers,
    },
    { key: 'teams', label: t('workspace.counters.teams'), value: counters.teams },
    { key: 'groupSize', label: t('workspace.counters.groupSize'), value: counters.groupSize },
    { key: 'fixedGroups', label: t('workspace.counters.fixedGroups'), value: counters.fixedGroups },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {items.map((item) => (
        <Paper key={item.key} withBorder radius="md" p="md" data-testid={`counter-${item.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {item.label}
          </Text>
          <Text fz={28} fw={800} lh={1.2}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
