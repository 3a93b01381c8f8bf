import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DashboardView } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { CardLoadFailed, CardLoading } from './card-load-state';

type Stats = DashboardView['stats'];

// The spec's static zeros were a placeholder (issue 27): the profile shows the dashboard's
// figures, from the same query (GET /api/dashboard), handed in by the page.
const STATS = [
  { label: 'teamsCreated', key: 'workspacesCreated' },
  { label: 'teamsJoined', key: 'workspacesJoined' },
  { label: 'savedResults', key: 'savedResults' },
] as const satisfies readonly { label: string; key: keyof Stats }[];

type AccountStatsCardProps = {
  /** The dashboard's figures; undefined while they load or when they failed. */
  stats: Stats | undefined;
  isError: boolean;
  onRetry: () => void;
  /** Why there are no figures to ask for (an unverified account), shown instead of them. */
  unavailable?: string | null;
};

export function AccountStatsCard({
  stats,
  isError,
  onRetry,
  unavailable = null,
}: AccountStatsCardProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.stats.title')}
        </Title>
        {unavailable ? (
          <Text size="sm" c="dimmed">
            {unavailable}
          </Text>
        ) : stats ? (
          <SimpleGrid cols={3} spacing="sm">
            {STATS.map(({ label, key }) => (
              <Stack key={key} gap={0} align="center" ta="center">
                <Text fz={28} fw={700} lh={1.2} data-testid={`profile-stat-${label}`}>
                  {stats[key]}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`profile.stats.${label}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        ) : isError ? (
          <CardLoadFailed text={t('profile.stats.loadFailed')} onRetry={onRetry} />
        ) : (
          <CardLoading text={t('profile.stats.loading')} />
        )}
      </Stack>
    </Card>
  );
}
