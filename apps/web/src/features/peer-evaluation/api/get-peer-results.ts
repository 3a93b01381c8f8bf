import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerEvaluationResults, type PeerEvaluationResults } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { peerApiPath, peerKeys } from './peer-keys';

/** GET .../peer-evaluations/:evaluationId/results (owner). */
export async function getPeerResults(
  workspaceId: string,
  evaluationId: string,
  signal?: AbortSignal,
): Promise<PeerEvaluationResults> {
  return peerEvaluationResults.parse(
    await apiFetch<unknown>(
      `${peerApiPath(workspaceId, evaluationId)}/results`,
      signal ? { signal } : {},
    ),
  );
}

export function peerResultsQueryOptions(workspaceId: string, evaluationId: string) {
  return queryOptions({
    queryKey: peerKeys.results(workspaceId, evaluationId),
    queryFn: ({ signal }) => getPeerResults(workspaceId, evaluationId, signal),
    // Answers arrive while the owner watches the progress.
    refetchInterval: 30_000,
  });
}

/** The owner's results of one evaluation. */
export function usePeerResults(workspaceId: string, evaluationId: string) {
  return useQuery(peerResultsQueryOptions(workspaceId, evaluationId));
}
