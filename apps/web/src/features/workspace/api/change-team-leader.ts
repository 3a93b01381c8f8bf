import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { workspacesRootKey } from './get-workspace';

export interface ChangeTeamLeaderInput {
  workspaceId: string;
  teamId: string;
  /** A member of that team, or null to remove the leader. */
  memberId: string | null;
}

const changeTeamLeaderResult = z.object({
  teamNumber: z.number(),
  leaderName: z.string().nullable(),
});
export type ChangeTeamLeaderResult = z.infer<typeof changeTeamLeaderResult>;

/** PUT /api/workspaces/:id/teams/:teamId/leader (owner). Only that team's row changes. */
export async function changeTeamLeader({
  workspaceId,
  teamId,
  memberId,
}: ChangeTeamLeaderInput): Promise<ChangeTeamLeaderResult> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/teams/${encodeURIComponent(teamId)}/leader`,
    { method: 'PUT', json: { memberId } },
  );
  return changeTeamLeaderResult.parse(body);
}

/** The leader selector of a team card; refreshes this page and the list (leader counts). */
export function useChangeTeamLeader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTeamLeader,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesRootKey }),
  });
}
