import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

// spec part 1, section 9: the profile's account statistics are static zeros.
const STATS = ['teamsCreated', 'teamsJoined', 'savedResults'] as const;

export function AccountStatsCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.stats.title')}
        </Title>
        <SimpleGrid cols={3} spacing="sm">
          {STATS.map((stat) => (
            <Stack key={stat} gap={0} align="center" ta="center">
              <Text fz={28} fw={700} lh={1.2}>
                0
              </Text>
              <Text size="xs" c="dimmed">
                {t(`profile.stats.${stat}`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
