import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { DASHBOARD_NOTIFICATION_PAGE_SIZE } from '@teamshuffle/domain';
import type {
  DashboardView,
  LiveEvent,
  NotificationCounts,
  NotificationView,
  NotificationsPage,
} from '@teamshuffle/domain';
import { queryKeys } from '../query-keys';

/**
 * The cached notifications list (GET /api/notifications page by page): each page's param is the
 * `before` it was asked with (null for the newest page). The notifications feature's infinite
 * query has this shape; the live stream writes into it.
 */
export type NotificationsListData = InfiniteData<NotificationsPage, number | null>;

function listHas(list: NotificationsListData | undefined, id: string): boolean {
  return list?.pages.some((page) => page.items.some((item) => item.id === id)) ?? false;
}

/** The list with a new notification on top of its newest page (once: the id is the key). */
export function withNewNotification(
  list: NotificationsListData,
  notification: NotificationView,
): NotificationsListData {
  if (listHas(list, notification.id)) return list;
  const [first, ...rest] = list.pages;
  if (!first) return list;
  return { ...list, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
}

/** The counts with one more notification, read or not. */
export function countsWithNew(counts: NotificationCounts, isRead: boolean): NotificationCounts {
  return {
    total: counts.total + 1,
    unread: counts.unread + (isRead ? 0 : 1),
    read: counts.read + (isRead ? 1 : 0),
  };
}

/** The counts with the stream's unread figure (the total stays; read is what is left). */
export function countsWithUnread(counts: NotificationCounts, unread: number): NotificationCounts {
  return {
    total: Math.max(counts.total, unread),
    unread,
    read: Math.max(0, counts.total - unread),
  };
}

/** The dashboard with a new notification among its latest few. */
export function dashboardWithNew(
  dashboard: DashboardView,
  notification: NotificationView,
): DashboardView {
  if (dashboard.notifications.some((item) => item.id === notification.id)) return dashboard;
  return {
    ...dashboard,
    notifications: [notification, ...dashboard.notifications].slice(
      0,
      DASHBOARD_NOTIFICATION_PAGE_SIZE,
    ),
  };
}

/** The cached list, the dashboard's latest and the others that show a notification, refetched. */
export function refreshNotificationViews(queryClient: QueryClient): void {
  // Only what is on screen is refetched now; the rest on its next use.
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
}

/**
 * A fetch of `key` that is under way when an event is written into its cache was asked before the
 * event's change existed: when it lands it would put back the answer without it (the list without
 * the new notification, for good: the stream's next unread figure agrees with the cache, so
 * nothing asks again). It is cancelled and asked again, after the change.
 */
function refetchIfInFlight(queryClient: QueryClient, key: readonly unknown[]): void {
  if (queryClient.isFetching({ queryKey: key, exact: true }) === 0) return;
  void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'all' });
}

/**
 * A notification about a workspace (a new note, an assignment, a grade, an answered join request)
 * says its page changed for this user: its sections and its detail are asked again if shown, and
 * are stale otherwise. Without it a student who opened the notes a moment before the teacher
 * published one saw "No lecture notes yet" until the cached answer aged (issue 24's scenario).
 */
function refreshWorkspaceOf(queryClient: QueryClient, notification: NotificationView): void {
  const { workspaceId } = notification.data;
  if (!workspaceId) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.course(workspaceId) });
  void queryClient.invalidateQueries({
    queryKey: queryKeys.workspaces.all,
    // GET /api/workspaces/:id of any viewer: [..., viewer, 'detail', 'id', workspaceId].
    predicate: (query) =>
      query.queryKey[2] === 'detail' &&
      query.queryKey[3] === 'id' &&
      query.queryKey[4] === workspaceId,
  });
}

/**
 * Feeds one event of the live stream into the cache, so the bell, the list and the dashboard
 * change without a request:
 * - a new notification goes on top of the list and the dashboard's latest, and counts once;
 * - an unread figure replaces the cached one. When it is not what the cache already expected (a
 *   mark made in another browser, a notification this tab missed), the list and the counts are
 *   refetched too: their read flags and total changed (marking deletes read duplicates);
 * - a fetch of the list, the counts or the dashboard under way is asked again after the event.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'notification': {
      const { notification } = event;
      const listKey = queryKeys.notifications.list();
      const list = queryClient.getQueryData<NotificationsListData>(listKey);
      const isKnown = listHas(list, notification.id);
      if (list && !isKnown) {
        queryClient.setQueryData<NotificationsListData>(
          listKey,
          withNewNotification(list, notification),
        );
      }
      if (!isKnown) {
        queryClient.setQueryData<NotificationCounts>(queryKeys.notifications.counts(), (counts) =>
          counts ? countsWithNew(counts, notification.isRead) : counts,
        );
      }
      queryClient.setQueryData<DashboardView>(queryKeys.dashboard, (dashboard) =>
        dashboard ? dashboardWithNew(dashboard, notification) : dashboard,
      );
      if (!isKnown) refreshWorkspaceOf(queryClient, notification);
      for (const key of [listKey, queryKeys.notifications.counts(), queryKeys.dashboard])
        refetchIfInFlight(queryClient, key);
      return;
    }
    case 'unread': {
      const countsKey = queryKeys.notifications.counts();
      const counts = queryClient.getQueryData<NotificationCounts>(countsKey);
      queryClient.setQueryData<DashboardView>(queryKeys.dashboard, (dashboard) =>
        dashboard
          ? { ...dashboard, stats: { ...dashboard.stats, unreadNotifications: event.unread } }
          : dashboard,
      );
      refetchIfInFlight(queryClient, queryKeys.dashboard);
      if (!counts) {
        void queryClient.invalidateQueries({ queryKey: countsKey });
        return;
      }
      if (counts.unread === event.unread) {
        refetchIfInFlight(queryClient, countsKey);
        return;
      }
      queryClient.setQueryData<NotificationCounts>(
        countsKey,
        countsWithUnread(counts, event.unread),
      );
      void queryClient.invalidateQueries({ queryKey: countsKey });
      refreshNotificationViews(queryClient);
      return;
    }
  }
}
