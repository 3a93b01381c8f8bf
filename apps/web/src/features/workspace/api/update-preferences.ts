import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LectureNoteSortOrder } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { workspacesRootKey } from './get-workspace';

export interface UpdatePreferencesInput {
  lectureNoteSortOrder: LectureNoteSortOrder;
}

/** PUT /api/preferences: the caller's lecture-note sort order (a per-user preference). */
export async function updatePreferences(input: UpdatePreferencesInput): Promise<void> {
  await apiFetch<unknown>('/api/preferences', { method: 'PUT', json: input });
}

/**
 * Settings: lecture-note sort order. The detail answer carries the preference, so the workspace
 * queries are refreshed.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesRootKey }),
  });
}
