import { Group, SimpleGrid, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { WorkspaceAccessRole } from '@teamshuffle/domain';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../../components/page-section';

/**
 * Stand-ins for Lecture Notes, Team Scores (owner only) and Assignments (spec part 2, section 2)
 * until their features exist: the route renders this between Teams and All Members, and replaces
 * it section by section with `features/lecture-notes`, `features/scores`, `features/assignments`.
 */
export function UpcomingSections({ role }: { role: WorkspaceAccessRole }) {
  const { t } = useTranslation();
  const titles = [
    t('workspace.later.lectureNotes'),
    ...(role === 'owner' ? [t('workspace.later.teamScores')] : []),
    t('workspace.later.assignments'),
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: titles.length }} spacing="lg">
      {titles.map((title) => (
        <PageSection key={title} title={title}>
          <Group gap="xs" wrap="nowrap">
            <IconClock size={16} color="var(--mantine-color-dimmed)" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {t('workspace.later.text')}
            </Text>
          </Group>
        </PageSection>
      ))}
    </SimpleGrid>
  );
}
