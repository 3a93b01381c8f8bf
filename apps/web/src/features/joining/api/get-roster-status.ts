import { queryOptions, useQuery } from '@tanstack/react-query';
import { rosterJoinStatus, type RosterJoinStatusView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { joinApiPath } from './get-join-link';
import { joinKeys } from './join-keys';

/**
 * GET /api/workspaces/:id/join/roster-status (owner): each member as none/invited/requested/joined,
 * with the state of their invitation mail.
 */
export async function getRosterStatus(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<RosterJoinStatusView> {
  const body = await apiFetch<unknown>(
    `${joinApiPath(workspaceId)}/roster-status`,
    signal ? { signal } : {},
  );
  return rosterJoinStatus.parse(body);
}

export function rosterStatusQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: joinKeys.rosterStatus(workspaceId),
    queryFn: ({ signal }) => getRosterStatus(workspaceId, signal),
  });
}

/**
 * The members' join status, for the owner's panels. While an invitation mail is on its way the
 * status is asked again every 3 s (a mail goes out within seconds), and not otherwise.
 */
export function useRosterStatus(workspaceId: string, isEnabled = true) {
  return useQuery({
    ...rosterStatusQueryOptions(workspaceId),
    enabled: isEnabled,
    refetchInterval: (query) =>
      query.state.data?.members.some((member) => member.invitation === 'queued') ? 3_000 : false,
  });
}
