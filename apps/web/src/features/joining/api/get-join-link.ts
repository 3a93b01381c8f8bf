import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinOwnerView, type JoinOwnerView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { joinKeys } from './join-keys';

/** The owner's join path of a workspace's API. */
export function joinApiPath(workspaceId: string) {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/join` as const;
}

/** GET /api/workspaces/:id/join (owner): the link, the code, the requests and claims. */
export async function getJoinLink(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<JoinOwnerView> {
  const body = await apiFetch<unknown>(joinApiPath(workspaceId), signal ? { signal } : {});
  return joinOwnerView.parse(body);
}

export function joinLinkQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: joinKeys.owner(workspaceId),
    queryFn: ({ signal }) => getJoinLink(workspaceId, signal),
    // New requests arrive while the page is on the projector.
    refetchInterval: 15_000,
  });
}

/** The owner's join panel. */
export function useJoinLink(workspaceId: string) {
  return useQuery(joinLinkQueryOptions(workspaceId));
}
