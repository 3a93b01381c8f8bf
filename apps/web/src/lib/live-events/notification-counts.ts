import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationCounts } from '@teamshuffle/domain';
import { apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';
import { useSession } from '../session/session-context';

// The unread count is on every page (the bell, the side menu), so this call lives in the shell:
// read by hand like GET /api/me, keeping zod off the first page. A property test holds it to the
// domain's `notificationCounts` (notification-counts.contract.test.ts).

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// As zod 4's z.number(): finite numbers only.
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Reads the body of GET /api/notifications/counts (`{ total, unread, read }`), keeping only
 * those fields. Throws a TypeError on any other body.
 */
export function parseNotificationCounts(body: unknown): NotificationCounts {
  if (!isObject(body)) throw new TypeError('notification counts: expected an object');
  const { total, unread, read } = body;
  if (!isNumber(total) || !isNumber(unread) || !isNumber(read)) {
    throw new TypeError('notification counts: unexpected shape');
  }
  return { total, unread, read };
}

/** GET /api/notifications/counts: total, unread and read (the bell; the fallback poll). */
export async function getNotificationCounts(signal?: AbortSignal): Promise<NotificationCounts> {
  const body = await apiFetch<unknown>('/api/notifications/counts', signal ? { signal } : {});
  return parseNotificationCounts(body);
}

export function notificationCountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.counts(),
    queryFn: ({ signal }) => getNotificationCounts(signal),
  });
}

/** Whether the session may read notifications (the API asks for a verified account). */
export function useCanReadNotifications(): boolean {
  const session = useSession();
  return session.status === 'signedIn' && session.user?.isVerified === true;
}

/**
 * The signed-in user's counts, kept current by the live stream (lib/live-events); fetched only
 * for a verified account.
 */
export function useNotificationCounts() {
  return useQuery({ ...notificationCountsQueryOptions(), enabled: useCanReadNotifications() });
}

/** The unread count for the bell and the menu badge (0 while unknown or signed out). */
export function useUnreadCount(): number {
  const counts = useNotificationCounts();
  // A tab signed out elsewhere may still hold the old user's counts until they are dropped.
  return useCanReadNotifications() ? (counts.data?.unread ?? 0) : 0;
}
