import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { formatBytes, isStorageHigh, quotaColor, usagePercent } from '@teamshuffle/domain';
import type { StorageUsage } from '@teamshuffle/domain';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useStorageUsage } from '../../../lib/api/get-storage-usage';

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.storage.title')}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The storage bar: the user's stored bytes (GET /api/me/storage) against the quota, in B, KB, MB
 * or GB with 1 decimal; yellow above 60 %, red with 'Storage usage is high' above 80 %
 * (spec part 1, section 9).
 */
export function StorageCard() {
  const { t } = useTranslation();
  const query = useStorageUsage(true);
  if (query.isPending) {
    return (
      <Frame>
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('profile.storage.loading')}
          </Text>
        </Group>
      </Frame>
    );
  }
  if (query.isError) {
    return (
      <Frame>
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        >
          {t('profile.storage.failed')}
        </Alert>
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => void query.refetch()}
          >
            {t('profile.storage.retry')}
          </Button>
        </Group>
      </Frame>
    );
  }
  return (
    <Frame>
      <StorageBar usage={query.data} />
    </Frame>
  );
}

/** The figure, the percentage and the bar of one usage. */
export function StorageBar({ usage }: { usage: StorageUsage }) {
  const { t } = useTranslation();
  const percent = usagePercent(usage.usedBytes, usage.quotaBytes);
  const shownPercent = Math.round(percent * 10) / 10;
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid="storage-usage">
          {t('profile.storage.usage', {
            used: formatBytes(usage.usedBytes),
            total: formatBytes(usage.quotaBytes),
          })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="storage-percent">
          {t('profile.storage.percent', { percent: shownPercent })}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={quotaColor(percent)}
        size="lg"
        radius="xl"
        aria-label={t('profile.storage.label')}
        data-color={quotaColor(percent)}
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
    </>
  );
}
