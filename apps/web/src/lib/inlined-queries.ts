import { hydrate } from '@tanstack/react-query';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { INLINED_QUERIES_ID } from '@teamshuffle/domain';

/**
 * The data a page the server rendered for the signed-in visitor was rendered from (decision
 * 0011: apps/server/src/plugins/web.ts writes it as a JSON script), put into the app's cache
 * before its first render: the app shows the same page at once instead of a loader, and
 * refreshes it as usual once stale. None, or one that does not parse: the app asks the API.
 */
export function hydrateInlinedQueries(client: QueryClient): void {
  const text = document.getElementById(INLINED_QUERIES_ID)?.textContent;
  if (!text) return;
  try {
    // The server's own dehydrate() (apps/web/src/app/prerender.tsx), written as JSON.
    hydrate(client, JSON.parse(text) as DehydratedState);
  } catch (error) {
    console.error(error);
  }
}
