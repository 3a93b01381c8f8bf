import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinClaimResult, type JoinClaimResult } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/join/:code/claims: a join request, or (auto-approval) the claim at once. */
export async function claimJoinName(
  code: string,
  memberId: string,
  idempotencyKey?: string,
): Promise<JoinClaimResult> {
  const body = await apiFetch<unknown>(`/api/join/${encodeURIComponent(code)}/claims`, {
    method: 'POST',
    json: { memberId },
    idempotencyKey,
  });
  return joinClaimResult.parse(body);
}

/**
 * A student picks their name. One Idempotency-Key per pick, sent again on its retries: a lost
 * answer comes back as the first answer, never as "you already asked". Afterwards the join page
 * asks again (it now says "pending" or "member") and the workspace list may hold a new workspace.
 */
export function useClaimJoinName(code: string) {
  const queryClient = useQueryClient();
  const claimKeyed = withIdempotencyKey((pick: { memberId: string }, key: string) =>
    claimJoinName(code, pick.memberId, key),
  );
  return useMutation({
    mutationFn: claimKeyed,
    ...idempotentRetry,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['join'] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
