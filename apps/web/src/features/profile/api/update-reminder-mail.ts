import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferences } from '@teamshuffle/domain';
import type { Preferences, ReminderMail } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT /api/preferences with only `reminderMail` (the other preferences stay): deadline reminders
 * mailed at once, in a daily digest, or not at all (issue 26). Answers every preference.
 */
export async function updateReminderMail(choice: ReminderMail): Promise<Preferences> {
  const body = await apiFetch<unknown>('/api/preferences', {
    method: 'PUT',
    json: { reminderMail: choice },
  });
  return preferences.parse(body);
}

export function useUpdateReminderMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderMail,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.preferences, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.preferences }),
  });
}
