import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinClaimResult, type JoinClaimResult } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/join/:code/claims: a join request, or (auto-approval) the claim at once. */
export async function claimJoinName(code: string, memberId: string): Promise<JoinClaimResult> {
  const body = await apiFetch<unknown>(`/api/join/${encodeURIComponent(code)}/claims`, {
    method: 'POST',
    json: { memberId },
  });
  return joinClaimResult.parse(body);
}

/**
 * A student picks their name. Afterwards the join page asks again (it now says "pending" or
 * "member") and the workspace list may hold a new workspace.
 */
export function useClaimJoinName(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => claimJoinName(code, memberId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['join'] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
