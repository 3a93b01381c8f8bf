import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_LOADING_TIMEOUT_MS } from '@teamshuffle/domain';
import { createContext, useCallback, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLoadingTimeout } from '../../hooks/use-loading-timeout';
import { meQueryOptions } from './get-me';
import type { SessionUser } from './session-user';
import { queryKeys } from '../query-keys';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  /** The signed-in user; null unless `status` is 'signedIn'. */
  user: SessionUser | null;
  /**
   * True when the session could not be determined (the check failed or took longer than
   * AUTH_LOADING_TIMEOUT_MS): the app treats the visitor as signed out and offers `retry`.
   */
  isUnknown: boolean;
  retry: () => void;
}

const SessionContext = createContext<Session | null>(null);

/** Checks the session once for the whole app (GET /api/me) and shares the answer. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery(meQueryOptions());
  // spec part 1, section 4: the auth loading spinner is abandoned after 5 s.
  const timeout = useLoadingTimeout(query.isPending && !query.isError, AUTH_LOADING_TIMEOUT_MS);
  const { restart } = timeout;
  const retry = useCallback(() => {
    restart();
    // A hung first request would otherwise absorb the refetch: drop it and ask again.
    void queryClient
      .cancelQueries({ queryKey: queryKeys.me })
      .then(() => queryClient.refetchQueries({ queryKey: queryKeys.me }));
  }, [restart, queryClient]);

  const user = query.data ?? null;
  const isUnknown = query.data === undefined && (query.isError || timeout.hasTimedOut);
  let status: SessionStatus;
  if (user) status = 'signedIn';
  else if (query.data === null || isUnknown) status = 'signedOut';
  else status = 'loading';

  const session = useMemo<Session>(
    () => ({ status, user, isUnknown, retry }),
    [status, user, isUnknown, retry],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The current session. Must be used under SessionProvider (the root layout provides it). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
