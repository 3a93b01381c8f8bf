import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarFeedStatus } from '@teamshuffle/domain';
import type { CalendarFeedStatus } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';

// This answer's key belongs in lib/query-keys.ts (`queryKeys.calendarFeed`); kept here until that
// shared file takes it (decision 0027). A sign-out drops it with every other user's answer.
export const calendarFeedQueryKey = ['calendar-feed'] as const;

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
