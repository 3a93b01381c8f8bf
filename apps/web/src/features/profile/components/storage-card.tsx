import { Alert, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import {
  STORAGE_QUOTA_BYTES,
  formatBytes,
  isStorageHigh,
  quotaColor,
  usagePercent,
} from '@teamshuffle/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface StorageCardProps {
  /** Bytes counted against the quota (0 until the files work lands). */
  usedBytes: number;
  quotaBytes?: number;
}

/** The storage bar: usage against the 100 MB quota, yellow above 60 %, red and a warning above 80 %. */
export function StorageCard({ usedBytes, quotaBytes = STORAGE_QUOTA_BYTES }: StorageCardProps) {
  const { t } = useTranslation();
  const percent = usagePercent(usedBytes, quotaBytes);
  const shownPercent = Math.round(percent * 10) / 10;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.storage.title')}
        </Title>
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="storage-usage">
            {t('profile.storage.usage', {
              used: formatBytes(usedBytes),
              total: formatBytes(quotaBytes),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('profile.storage.percent', { percent: shownPercent })}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={quotaColor(percent)}
          size="lg"
          radius="xl"
          aria-label={t('profile.storage.label')}
        />
        {isStorageHigh(percent) ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          >
            {t('profile.storage.high')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
