import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

/** DELETE /api/me/calendar-feed: turns the feed off; its address answers 404 from now on. */
export async function deleteCalendarFeed(): Promise<void> {
  await apiFetch<unknown>('/api/me/calendar-feed', { method: 'DELETE' });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQueryKey, {
        isActive: false,
        createdAt: null,
      }),
  });
}
