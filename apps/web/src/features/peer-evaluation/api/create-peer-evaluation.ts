import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  peerEvaluationSummary,
  type PeerEvaluationCreateInput,
  type PeerEvaluationSummary,
} from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { peerApiPath, peerKeys } from './peer-keys';

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

/** The owner opens an evaluation; the list is fetched again. */
export function useCreatePeerEvaluation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PeerEvaluationCreateInput) => createKeyed({ workspaceId, ...input }),
    ...idempotentRetry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peerKeys.list(workspaceId) }),
  });
}
