import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE, notificationsPage } from '@teamshuffle/domain';
import type { NotificationsPage } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCanReadNotifications } from '../../../lib/live-events/notification-counts';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/notifications: one page, newest first, of the notifications older than `before` (the
 * newest page when null). The database pages by `seq` (keyset), so a page never shifts when new
 * ones arrive on top.
 */
export async function getNotifications(
  before: number | null,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const params = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_SIZE) });
  if (before !== null) params.set('before', String(before));
  const body = await apiFetch<unknown>(
    `/api/notifications?${params.toString()}`,
    signal ? { signal } : {},
  );
  return notificationsPage.parse(body);
}

/**
 * The list, page by page (spec part 1, section 2: Load More, 10 per page). Its cache shape is
 * lib/live-events' `NotificationsListData`: the live stream puts new ones on top.
 */
export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** The signed-in, verified user's notifications. */
export function useNotifications() {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled: useCanReadNotifications() });
}
