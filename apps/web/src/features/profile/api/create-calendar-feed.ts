import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedCreated } from '@teamshuffle/domain';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

/**
 * POST /api/me/calendar-feed: makes the feed, or a new address for it (the old one stops
 * working). The address comes back this once; the server keeps only its hash.
 */
export async function createCalendarFeed(): Promise<CalendarFeedCreated> {
  const body = await apiFetch<unknown>('/api/me/calendar-feed', { method: 'POST' });
  return calendarFeedCreated.parse(body);
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (created) =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQueryKey, {
        isActive: true,
        createdAt: created.createdAt,
      }),
  });
}
