import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferences } from '@teamshuffle/domain';
import type { Preferences, PreferencesUpdate } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/preferences (body `preferencesUpdate`): the preferences given change; answers all. */
export async function updatePreferences(input: PreferencesUpdate): Promise<Preferences> {
  const body = await apiFetch<unknown>('/api/preferences', { method: 'PUT', json: input });
  return preferences.parse(body);
}

/**
 * Settings: lecture-note sort order. The preference is its own resource and the detail answer
 * carries it too, so both refresh.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.preferences }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
      ]),
  });
}
