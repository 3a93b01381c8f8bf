import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaderChange } from '@teamshuffle/domain';
import type { LeaderChange } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ChangeTeamLeaderInput {
  workspaceId: string;
  teamId: string;
  /** A member of that team, or null to remove the leader. */
  memberId: string | null;
}

/** PUT /api/workspaces/:id/teams/:teamId/leader (owner). Only that team's row changes. */
export async function changeTeamLeader({
  workspaceId,
  teamId,
  memberId,
}: ChangeTeamLeaderInput): Promise<LeaderChange> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/teams/${encodeURIComponent(teamId)}/leader`,
    { method: 'PUT', json: { memberId } },
  );
  return leaderChange.parse(body);
}

/** The leader selector of a team card; refreshes this page and the list (leader counts). */
export function useChangeTeamLeader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTeamLeader,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
