import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/read-all: every one of mine, read (the answer's count is not shown). */
export async function markAllNotificationsRead(): Promise<void> {
  await apiFetch<unknown>('/api/notifications/read-all', { method: 'POST', json: {} });
}

/** Mark All Read: the list, the counts and the dashboard's latest refresh. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}
