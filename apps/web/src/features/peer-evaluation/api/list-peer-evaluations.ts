import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerEvaluationList, type PeerEvaluationList } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { peerApiPath, peerKeys } from './peer-keys';

/** GET /api/workspaces/:id/peer-evaluations: all with progress (owner), my team's (member). */
export async function listPeerEvaluations(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<PeerEvaluationList> {
  return peerEvaluationList.parse(
    await apiFetch<unknown>(peerApiPath(workspaceId), signal ? { signal } : {}),
  );
}

export function peerEvaluationsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: peerKeys.list(workspaceId),
    queryFn: ({ signal }) => listPeerEvaluations(workspaceId, signal),
  });
}

/** The evaluations of a workspace, as the caller may see them. */
export function usePeerEvaluations(workspaceId: string) {
  return useQuery(peerEvaluationsQueryOptions(workspaceId));
}
