import type { QueryClient } from '@tanstack/react-query';
import { closeLiveEvents } from '../live-events/use-live-events';
import { SHARED_QUERY_ROOTS, queryKeys } from '../query-keys';

/**
 * After a sign-out or account deletion: the session becomes "signed out" at once and every
 * cached answer that belonged to the old user is dropped, so nothing of it shows to the next one.
 */
export function clearSessionData(queryClient: QueryClient): void {
  // The live stream belongs to the old user too (and this tab may hold it for the others).
  closeLiveEvents();
  void queryClient.cancelQueries({ queryKey: queryKeys.me });
  queryClient.setQueryData(queryKeys.me, null);
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== queryKeys.me[0] && !SHARED_QUERY_ROOTS.includes(query.queryKey[0]),
  });
}
