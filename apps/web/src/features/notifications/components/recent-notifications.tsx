import { Stack } from '@mantine/core';
import type { NotificationView } from '@teamshuffle/domain';
import { useNow } from '../../../hooks/use-now';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationItem } from './notification-item';

/**
 * A few notifications given by the caller (the dashboard's 5 latest): the same items as the
 * list, opening (and marking read) on click.
 */
export function RecentNotifications({
  items,
  label,
}: {
  items: readonly NotificationView[];
  label: string;
}) {
  const open = useOpenNotification();
  const now = useNow(60_000);
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label}>
      {items.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          now={now}
          onOpen={open}
        />
      ))}
    </Stack>
  );
}
