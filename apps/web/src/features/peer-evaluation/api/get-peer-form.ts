import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerEvaluationForm, type PeerEvaluationForm } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { peerApiPath, peerKeys } from './peer-keys';

/** GET .../peer-evaluations/:evaluationId/form (a member): my teammates, my answer, my result. */
export async function getPeerForm(
  workspaceId: string,
  evaluationId: string,
  signal?: AbortSignal,
): Promise<PeerEvaluationForm> {
  return peerEvaluationForm.parse(
    await apiFetch<unknown>(
      `${peerApiPath(workspaceId, evaluationId)}/form`,
      signal ? { signal } : {},
    ),
  );
}

export function peerFormQueryOptions(workspaceId: string, evaluationId: string) {
  return queryOptions({
    queryKey: peerKeys.form(workspaceId, evaluationId),
    queryFn: ({ signal }) => getPeerForm(workspaceId, evaluationId, signal),
  });
}

/** A member's form of one evaluation. */
export function usePeerForm(workspaceId: string, evaluationId: string) {
  return useQuery(peerFormQueryOptions(workspaceId, evaluationId));
}
