// Each page states the data it shows in one place (issue 22; docs/decisions/0013): a list of the
// features' own query options, in the order they become known (the session first, then what
// depends on it). The server fetches the first screen's part and renders once; the browser
// prefetches the rest in parallel as soon as it starts, before it takes over the page; a page
// reached inside the app prefetches the whole list at once instead of learning it by rendering.
import { useQueryClient } from '@tanstack/react-query';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** One query of a page's list (any answer type: the list only fetches and compares keys). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of queries of any answer
export type PageQuery = FetchQueryOptions<any, Error, any, any>;

/**
 * A page's data given what is known so far (the client's cache): `screen`, what its first screen
 * shows (rendered by the server); `rest`, what the page loads after (its sections), which the
 * server leaves to the browser so that the HTML stays the same size however much the course holds.
 * Entries appear as the answers they depend on arrive.
 */
export type PageData = (client: QueryClient) => { screen: PageQuery[]; rest: PageQuery[] };

/** Whether the client already holds an answer (or a failure) for the query. */
function isSettled(client: QueryClient, query: PageQuery): boolean {
  const status = client.getQueryState(query.queryKey)?.status;
  return status === 'success' || status === 'error';
}

/**
 * Fetches the first screen's data of a page, step by step (each step's queries side by side),
 * until every entry of `screen` is known; returns false if one failed.
 */
export async function fetchScreenData(client: QueryClient, data: PageData): Promise<boolean> {
  // Each step adds entries that depend on the answers before: at most as many steps as entries.
  for (let step = 0; step < 10; step++) {
    const missing = data(client).screen.filter((query) => !isSettled(client, query));
    if (missing.length === 0) return true;
    const results = await Promise.allSettled(missing.map((query) => client.fetchQuery(query)));
    if (results.some((result) => result.status === 'rejected')) return false;
  }
  return false;
}

/**
 * Prefetches every query of the page's list not yet known, side by side, step by step as
 * entries appear (a failure is left to the component that shows it, which retries as usual).
 */
export async function prefetchPageData(client: QueryClient, data: PageData): Promise<void> {
  const asked = new Set<string>();
  for (let step = 0; step < 10; step++) {
    const { screen, rest } = data(client);
    const next = [...screen, ...rest].filter((query) => {
      const hash = JSON.stringify(query.queryKey);
      if (asked.has(hash) || isSettled(client, query)) return false;
      asked.add(hash);
      return true;
    });
    if (next.length === 0) return;
    await Promise.all(next.map((query) => client.prefetchQuery(query)));
  }
}

/** The keys of a page's `rest` (what the server leaves pending on purpose), as JSON. */
export function deferredKeys(client: QueryClient, data: PageData): Set<string> {
  return new Set(data(client).rest.map((query) => JSON.stringify(query.queryKey)));
}

/**
 * For a page reached inside the app: its whole list, prefetched side by side as entries become
 * known, instead of each section asking only once the part above it has rendered. `data` must
 * keep its identity while the page is the same (useMemo).
 */
export function usePageData(data: PageData): void {
  const client = useQueryClient();
  useEffect(() => {
    void prefetchPageData(client, data);
  }, [client, data]);
}
