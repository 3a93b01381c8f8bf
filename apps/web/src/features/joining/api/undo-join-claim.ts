import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinOwnerView, type JoinOwnerView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { joinApiPath } from './get-join-link';
import { joinKeys } from './join-keys';

/** DELETE /api/workspaces/:id/join/claims/:memberId (owner): the claim's e-mail is cleared. */
export async function undoJoinClaim(workspaceId: string, memberId: string): Promise<JoinOwnerView> {
  const body = await apiFetch<unknown>(
    `${joinApiPath(workspaceId)}/claims/${encodeURIComponent(memberId)}`,
    { method: 'DELETE' },
  );
  return joinOwnerView.parse(body);
}

/** Undo a claim; the roster changed, so the workspace's pages are refreshed too. */
export function useUndoJoinClaim(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => undoJoinClaim(workspaceId, memberId),
    onSuccess: async (view) => {
      queryClient.setQueryData(joinKeys.owner(workspaceId), view);
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
