import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A client error (4xx) will not change on a retry; a network blip or a 5xx might. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * A retried action whose first try was saved but whose answer died with the server (409
 * idempotency_answer_lost, decision 0015): what it made is in the database, so every query is
 * fetched again and the page shows it; the action's own error message says what happened.
 */
export function refetchAfterLostAnswer(client: QueryClient, error: Error): void {
  if (error instanceof ApiError && error.error === 'idempotency_answer_lost') {
    void client.invalidateQueries();
  }
}

export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    onError: (error) => refetchAfterLostAnswer(queryClient, error),
  }),
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: 30_000,
      refetchOnWindowFocus: true,
    },
    mutations: {
      retry: false,
    },
  },
});
