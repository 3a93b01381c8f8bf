import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamMembershipHistory } from '@teamshuffle/domain';
import type { TeamMembershipPeriod } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { rosterKeys, rosterPath } from './roster-keys';

/** GET /api/workspaces/:id/roster/memberships: who was in which team when, newest first. */
export async function getMemberships(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<TeamMembershipPeriod[]> {
  const body = await apiFetch<unknown>(
    `${rosterPath(workspaceId)}/memberships`,
    signal ? { signal } : {},
  );
  return teamMembershipHistory.parse(body);
}

export function membershipsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: rosterKeys.memberships(workspaceId),
    queryFn: ({ signal }) => getMemberships(workspaceId, signal),
  });
}

/** The membership history, read when the owner opens it. */
export function useMemberships(workspaceId: string, isEnabled: boolean) {
  return useQuery({ ...membershipsQueryOptions(workspaceId), enabled: isEnabled });
}
