import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferences } from '@teamshuffle/domain';
import type { Preferences } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT /api/preferences with only `emailNotifications` (the other preferences stay): whether new
 * assignments also come by e-mail (reminders: `update-reminder-mail.ts`). Answers every preference.
 */
export async function updateEmailNotifications(isEnabled: boolean): Promise<Preferences> {
  const body = await apiFetch<unknown>('/api/preferences', {
    method: 'PUT',
    json: { emailNotifications: isEnabled },
  });
  return preferences.parse(body);
}

export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailNotifications,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.preferences, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.preferences }),
  });
}
