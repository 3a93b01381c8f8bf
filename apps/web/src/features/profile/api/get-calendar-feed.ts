import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarFeedStatus } from '@teamshuffle/domain';
import type { CalendarFeedStatus } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The key (lib/query-keys.ts); a sign-out drops it with every other user's answer.
export const calendarFeedQueryKey = queryKeys.calendarFeed;

/** GET /api/me/calendar-feed: whether the user has a calendar feed, and since when. */
export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  const body = await apiFetch<unknown>('/api/me/calendar-feed', signal ? { signal } : {});
  return calendarFeedStatus.parse(body);
}

export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: calendarFeedQueryKey,
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
