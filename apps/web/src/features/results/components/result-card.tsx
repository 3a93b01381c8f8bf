import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFolderOpen, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import type { ResultSummary } from '@teamshuffle/domain';
import { savedTimeText } from '../utils/saved-time';
import { useFormatDate } from '../../../lib/dates/use-format-date';

type ResultCardProps = {
  result: ResultSummary;
  now: number;
  /** Which of the card's actions is fetching the result, if any. */
  busy: 'load' | 'createWorkspace' | null;
  onLoad: () => void;
  onCreateWorkspace: () => void;
  onDelete: () => void;
};

/** One saved result: its title, counts and saved time, and what can be done with it. */
export function ResultCard({
  result,
  now,
  busy,
  onLoad,
  onCreateWorkspace,
  onDelete,
}: ResultCardProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const headingId = `result-${result.id}-title`;
  const stats = [
    ['members', t('results.stats.members'), result.membersCount],
    ['teams', t('results.stats.teams'), result.teamsCount],
    ['group-size', t('results.stats.groupSize'), result.groupSize],
    ['fixed-pairs', t('results.stats.fixedPairs'), result.fixedPairsCount],
    ['locked-teams', t('results.stats.lockedTeams'), result.lockedTeamsCount],
    ['keep-apart', t('results.stats.keepApart'), result.keepApartCount],
  ] as const;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      data-testid="result-card"
    >
      <Stack gap="md" h="100%">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId} style={{ wordBreak: 'break-word' }}>
            {result.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('results.stats.saved')}:{' '}
            <time
              dateTime={result.createdAt}
              title={dates.dateTime(result.createdAt)}
              data-testid="result-saved"
            >
              {savedTimeText(t, result.createdAt, now, dates.date)}
            </time>
          </Text>
        </Stack>
        <SimpleGrid
          cols={{ base: 2, xs: 3 }}
          spacing="xs"
          verticalSpacing="xs"
          component="dl"
          m={0}
        >
          {stats.map(([key, label, value]) => (
            <div key={key}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fw={600} m={0} data-testid={`result-stat-${key}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Group gap="xs" mt="auto" wrap="wrap">
          <Button
            size="xs"
            leftSection={<IconFolderOpen size={14} aria-hidden="true" />}
            loading={busy === 'load'}
            disabled={busy !== null}
            onClick={onLoad}
          >
            {t('results.load')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUsersGroup size={14} aria-hidden="true" />}
            loading={busy === 'createWorkspace'}
            disabled={busy !== null}
            onClick={onCreateWorkspace}
          >
            {t('results.createWorkspace')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={onDelete}
          >
            {t('results.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
