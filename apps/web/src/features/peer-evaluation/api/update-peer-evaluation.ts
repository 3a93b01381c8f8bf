import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  peerEvaluationResults,
  type PeerApplicationInput,
  type PeerEvaluationResults,
} from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { peerApiPath, peerKeys, refreshGrades } from './peer-keys';

/** What the owner changes on an evaluation's results (each call answers the new results). */
export type PeerOwnerChange =
  | { kind: 'cap'; factorCap: number }
  | { kind: 'release' }
  | { kind: 'apply'; item: PeerApplicationInput; isApplied: boolean };

/**
 * PATCH .../:evaluationId (the cap), POST .../release, PUT|DELETE .../applications/:kind/:id: the
 * owner's changes to one evaluation, each answering the results.
 */
export async function changePeerEvaluation(
  {
    workspaceId,
    evaluationId,
    change,
  }: { workspaceId: string; evaluationId: string; change: PeerOwnerChange },
  idempotencyKey?: string,
): Promise<PeerEvaluationResults> {
  const path = peerApiPath(workspaceId, evaluationId);
  let body: unknown;
  switch (change.kind) {
    case 'cap':
      body = await apiFetch<unknown>(path, {
        method: 'PATCH',
        json: { factorCap: change.factorCap },
      });
      break;
    case 'release':
      body = await apiFetch<unknown>(`${path}/release`, { method: 'POST', idempotencyKey });
      break;
    case 'apply':
      body = await apiFetch<unknown>(
        `${path}/applications/${change.item.itemKind}/${encodeURIComponent(change.item.itemId)}`,
        { method: change.isApplied ? 'PUT' : 'DELETE' },
      );
      break;
  }
  return peerEvaluationResults.parse(body);
}

const changeKeyed = withIdempotencyKey(changePeerEvaluation);

/**
 * The owner's changes; the server's answer replaces the results, and the list and the grades that
 * show the evaluation are refreshed.
 */
export function useChangePeerEvaluation(workspaceId: string, evaluationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PeerOwnerChange) => changeKeyed({ workspaceId, evaluationId, change }),
    ...idempotentRetry,
    onSuccess: async (results) => {
      queryClient.setQueryData(peerKeys.results(workspaceId, evaluationId), results);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peerKeys.list(workspaceId), exact: true }),
        refreshGrades(queryClient, workspaceId),
      ]);
    },
  });
}
