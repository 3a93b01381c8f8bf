import {
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { NotificationView } from '@teamshuffle/domain';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notificationKind } from '../utils/notification-kind';
import { notificationTimeText } from '../utils/notification-time';
import { notificationWords } from '../utils/notification-words';
import { NotificationIcon } from './notification-icon';
import { ReminderDue } from './reminder-due';
import { useFormatDate } from '../../../lib/dates/use-format-date';

interface NotificationItemProps {
  notification: NotificationView;
  now: number;
  onOpen: (notification: NotificationView) => void;
  /** Shows 'Mark as read' on an unread one (the full list; the dashboard's latest omit it). */
  onMarkRead?: (notification: NotificationView) => void;
  isMarking?: boolean;
}

/**
 * One notification: its type's icon, title, message and age; unread ones stand out. The body is
 * one button (opens it, marking it read); 'Mark as read' is a separate button beside it.
 */
export function NotificationItem({
  notification,
  now,
  onOpen,
  onMarkRead,
  isMarking = false,
}: NotificationItemProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const titleId = useId();
  const kind = notificationKind(notification.type);
  const words = notificationWords(notification, dates);
  const isUnread = !notification.isRead;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="notification-item"
      data-read={notification.isRead}
      style={{
        listStyle: 'none',
        background: isUnread ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UnstyledButton
          onClick={() => onOpen(notification)}
          style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <NotificationIcon kind={kind} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                {isUnread ? (
                  <Box
                    aria-hidden="true"
                    w={8}
                    h={8}
                    bg="blue"
                    style={{ borderRadius: '50%', flex: 'none' }}
                  />
                ) : null}
                <Text
                  id={titleId}
                  fw={isUnread ? 700 : 500}
                  lineClamp={2}
                  data-testid="notification-title"
                >
                  {words.title}
                </Text>
              </Group>
              {words.message ? (
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {words.message}
                </Text>
              ) : null}
              <ReminderDue notification={notification} />
              <Text size="xs" c="dimmed">
                <time
                  dateTime={notification.createdAt}
                  title={dates.dateTime(notification.createdAt)}
                >
                  {notificationTimeText(t, notification.createdAt, now, dates.date)}
                </time>
                {isUnread ? <VisuallyHidden>, {t('notifications.unread')}</VisuallyHidden> : null}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
        {isUnread && onMarkRead ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconCheck size={14} aria-hidden="true" />}
            loading={isMarking}
            aria-describedby={titleId}
            onClick={() => onMarkRead(notification)}
          >
            {t('notifications.markRead')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
