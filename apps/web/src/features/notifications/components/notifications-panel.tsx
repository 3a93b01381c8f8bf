import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { NotificationView } from '@teamshuffle/domain';
import { IconAlertCircle, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNotificationCounts } from '../../../lib/live-events/notification-counts';
import { notify } from '../../../lib/notify';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNow } from '../../../hooks/use-now';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationCounts } from './notification-counts';
import { NotificationItem } from './notification-item';

interface NotificationsPanelProps {
  /** Called before an item opens another page (the modal closes itself). */
  onNavigate?: () => void;
}

/**
 * The notifications list of the page and of the bell's modal: counts, Mark All Read, the items
 * newest first, Load More (10 per page). Live: new ones appear on top as they arrive.
 */
export function NotificationsPanel({ onNavigate }: NotificationsPanelProps) {
  const { t } = useTranslation();
  const counts = useNotificationCounts();
  const markAll = useMarkAllNotificationsRead();
  const unread = counts.data?.unread ?? 0;

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notify.success(t('notifications.allMarked')),
      onError: () => notify.error(t('notifications.markAllFailed')),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <NotificationCounts counts={counts.data} />
        <Button
          variant="light"
          leftSection={<IconChecks size={18} aria-hidden="true" />}
          onClick={markAllRead}
          loading={markAll.isPending}
          disabled={unread === 0}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      <NotificationList onNavigate={onNavigate} />
    </Stack>
  );
}

function NotificationList({ onNavigate }: NotificationsPanelProps) {
  const { t } = useTranslation();
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const open = useOpenNotification(onNavigate);
  const now = useNow(60_000);
  const [markingId, setMarkingId] = useState<string | null>(null);

  const markOne = (notification: NotificationView) => {
    setMarkingId(notification.id);
    markRead
      .mutateAsync(notification.id)
      .then(() => notify.success(t('notifications.marked')))
      .catch(() => notify.error(t('notifications.markFailed')))
      .finally(() => setMarkingId(null));
  };

  if (list.isPending) {
    return (
      <Center mih={160} role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">{t('notifications.loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (list.isLoadingError) {
    return <LoadFailed onRetry={() => void list.refetch()} />;
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconBellOff size={26} aria-hidden="true" />
          </ThemeIcon>
          <Text fw={600}>{t('notifications.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('notifications.emptyHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t('notifications.listLabel')}>
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            onOpen={open}
            onMarkRead={markOne}
            isMarking={markingId === notification.id}
          />
        ))}
      </Stack>
      {list.isFetchNextPageError ? <LoadFailed onRetry={() => void list.fetchNextPage()} /> : null}
      {list.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {t('notifications.loadMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('notifications.loadFailed')}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
}
