import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinOwnerView, type JoinOwnerView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { joinApiPath } from './get-join-link';
import { joinKeys } from './join-keys';

export type JoinAnswer = 'approve' | 'reject';

/** POST /api/workspaces/:id/join/requests/:requestId/approve|reject (owner). */
export async function answerJoinRequest(
  workspaceId: string,
  requestId: string,
  answer: JoinAnswer,
): Promise<JoinOwnerView> {
  const body = await apiFetch<unknown>(
    `${joinApiPath(workspaceId)}/requests/${encodeURIComponent(requestId)}/${answer}`,
    { method: 'POST' },
  );
  return joinOwnerView.parse(body);
}

/**
 * Approve or reject a request. An approval writes an e-mail on the roster, so the workspace's
 * pages (roster, statuses) are refreshed too.
 */
export function useAnswerJoinRequest(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, answer }: { requestId: string; answer: JoinAnswer }) =>
      answerJoinRequest(workspaceId, requestId, answer),
    onSuccess: async (view) => {
      queryClient.setQueryData(joinKeys.owner(workspaceId), view);
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
