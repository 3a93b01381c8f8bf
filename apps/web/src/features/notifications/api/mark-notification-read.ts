import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/:id/read: one of mine, read (someone else's answers 404). */
export async function markNotificationRead(id: string): Promise<void> {
  await apiFetch<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    json: {},
  });
}

/**
 * Marks one notification read. The list, the counts and the dashboard's latest change (the
 * server also drops read duplicates of the same type and title), so all of them refresh.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}
