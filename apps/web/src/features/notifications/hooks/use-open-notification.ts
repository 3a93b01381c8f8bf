import type { NotificationView } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationTarget } from '../utils/notification-target';

/**
 * Clicking a notification: it is marked read and what it is about opens (spec part 1, section 4).
 * The page opens at once; a failed mark says so ('Failed to mark notification as read').
 */
export function useOpenNotification(onNavigate?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification: NotificationView) => {
    if (!notification.isRead) {
      // mutateAsync settles even once this page has been left for the one opened.
      markRead
        .mutateAsync(notification.id)
        .catch(() => notify.error(t('notifications.markFailed')));
    }
    const target = notificationTarget(notification);
    if (target) {
      onNavigate?.();
      void navigate(target);
    }
  };
}
