import { ActionIcon, Indicator } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconBell } from '@tabler/icons-react';
import { bellBadge } from '@teamshuffle/domain';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useUnreadCount } from '../../../lib/live-events/notification-counts';
import { useLiveEvents } from '../../../lib/live-events/use-live-events';
import { clearSessionData } from '../../../lib/session/clear-session-data';

const NotificationsModal = lazy(async () => ({
  default: (await import('./notifications-modal')).NotificationsModal,
}));

/**
 * The header bell: the unread count ('99+' above 99, spec part 1, section 9), kept current by the
 * live stream; it opens the notifications list in a modal (its code loads on the first opening).
 * The bell is in the header of every page for the app's lifetime, so it also holds this tab's
 * part in the live stream.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Another tab signing out signs this one out too: nothing of the old user stays on screen.
  useLiveEvents({ onSignedOutElsewhere: () => clearSessionData(queryClient) });
  const unread = useUnreadCount();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const badge = bellBadge(unread);
  return (
    <>
      <Indicator
        label={<span aria-hidden="true">{badge}</span>}
        size={16}
        offset={4}
        disabled={badge === null}
        color="red"
        data-testid="notification-bell"
      >
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={
            unread > 0
              ? t('notifications.bell.labelUnread', { count: unread })
              : t('notifications.bell.label')
          }
          aria-haspopup="dialog"
          onClick={() => {
            setHasOpened(true);
            setIsOpen(true);
          }}
        >
          <IconBell size={20} stroke={1.6} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      {hasOpened ? (
        <Suspense fallback={null}>
          <NotificationsModal opened={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
