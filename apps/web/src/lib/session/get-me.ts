import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';
import { parseMeResponse } from './session-user';
import type { SessionUser } from './session-user';

/**
 * The session: the signed-in user, or null when signed out. A 401 is the ordinary signed-out
 * answer, not an error; any other failure (network, 5xx) is.
 */
export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const body = await apiFetch<unknown>('/api/me', signal ? { signal } : {});
    return parseMeResponse(body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    // Refetched when the tab regains focus, so a verification done in another tab shows up.
    staleTime: 15_000,
  });
}
