import { queryOptions, useQuery } from '@tanstack/react-query';
import { preferences } from '@teamshuffle/domain';
import type { Preferences } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/preferences: the signed-in user's preferences (the defaults until changed). */
export async function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  const body = await apiFetch<unknown>('/api/preferences', signal ? { signal } : {});
  return preferences.parse(body);
}

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.preferences,
    queryFn: ({ signal }) => getPreferences(signal),
  });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
