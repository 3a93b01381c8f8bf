import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { bellBadge } from '@teamshuffle/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface NotificationBellProps {
  /** Unread count; the badge shows once the notifications issue supplies it. */
  unreadCount?: number;
}

/** Header bell linking to /notifications. Spec: the badge reads '99+' above 99. */
export function NotificationBell({ unreadCount = 0 }: NotificationBellProps) {
  const { t } = useTranslation();
  const badge = bellBadge(unreadCount);
  return (
    <Indicator label={badge} size={16} offset={4} disabled={badge === null} color="red">
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="default"
        size="lg"
        aria-label={t('header.notifications')}
      >
        <IconBell size={20} stroke={1.6} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}
