import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './get-me';

// Not tied to a user: kept across a sign-out.
const SHARED_QUERY_ROOTS = new Set<unknown>(['config']);

/**
 * After a sign-out or account deletion: the session becomes "signed out" at once and every
 * cached answer that belonged to the old user is dropped, so nothing of it shows to the next one.
 */
export function clearSessionData(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ queryKey: meQueryKey });
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== meQueryKey[0] && !SHARED_QUERY_ROOTS.has(query.queryKey[0]),
  });
}
