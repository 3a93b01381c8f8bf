import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  peerEvaluationForm,
  type PeerEvaluationForm,
  type PeerResponseInput,
} from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { peerApiPath, peerKeys, refreshGrades } from './peer-keys';

/** PUT .../peer-evaluations/:evaluationId/response (a member): my ratings and comment. */
export async function answerPeerEvaluation(
  {
    workspaceId,
    evaluationId,
    ...input
  }: PeerResponseInput & { workspaceId: string; evaluationId: string },
  idempotencyKey?: string,
): Promise<PeerEvaluationForm> {
  return peerEvaluationForm.parse(
    await apiFetch<unknown>(`${peerApiPath(workspaceId, evaluationId)}/response`, {
      method: 'PUT',
      json: input,
      idempotencyKey,
    }),
  );
}

const answerKeyed = withIdempotencyKey(answerPeerEvaluation);

/** A member's answer; the server's answer replaces the form, the list and grades are refreshed. */
export function useAnswerPeerEvaluation(workspaceId: string, evaluationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PeerResponseInput) => answerKeyed({ workspaceId, evaluationId, ...input }),
    ...idempotentRetry,
    onSuccess: async (form) => {
      queryClient.setQueryData(peerKeys.form(workspaceId, evaluationId), form);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peerKeys.list(workspaceId), exact: true }),
        // A released evaluation's averages change with each answer (My grades shows them).
        refreshGrades(queryClient, workspaceId),
      ]);
    },
  });
}
