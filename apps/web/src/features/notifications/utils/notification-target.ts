import type { NotificationView } from '@teamshuffle/domain';

/**
 * Where a notification leads when clicked: the profile (its storage bar) for a storage warning,
 * else the workspace it is about; null when it is about nothing to open (an announcement).
 */
export function notificationTarget(
  notification: Pick<NotificationView, 'type' | 'data'>,
): string | null {
  if (notification.type === 'storage_warning') return '/profile';
  const { workspaceId } = notification.data;
  return workspaceId ? `/workspace/${encodeURIComponent(workspaceId)}` : null;
}
