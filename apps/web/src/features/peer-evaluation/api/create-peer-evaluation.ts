import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  peerEvaluationSummary,
  type PeerEvaluationCreateInput,
  type PeerEvaluationSummary,
} from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { peerApiPath, peerKeys, refreshGrades } from './peer-keys';

/** POST /api/workspaces/:id/peer-evaluations (owner), with one Idempotency-Key per action. */
export async function createPeerEvaluation(
  { workspaceId, ...input }: PeerEvaluationCreateInput & { workspaceId: string },
  idempotencyKey?: string,
): Promise<PeerEvaluationSummary> {
  return peerEvaluationSummary.parse(
    await apiFetch<unknown>(peerApiPath(workspaceId), {
      method: 'POST',
      json: input,
      idempotencyKey,
    }),
  );
}

const createKeyed = withIdempotencyKey(createPeerEvaluation);

/** The owner opens an evaluation; the list and the gradebook are fetched again. */
export function useCreatePeerEvaluation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PeerEvaluationCreateInput) => createKeyed({ workspaceId, ...input }),
    ...idempotentRetry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peerKeys.list(workspaceId) }),
        // The gradebook has a column per evaluation.
        refreshGrades(queryClient, workspaceId),
      ]),
  });
}
