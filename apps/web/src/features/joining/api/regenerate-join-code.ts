import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinOwnerView, type JoinOwnerView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { joinApiPath } from './get-join-link';
import { joinKeys } from './join-keys';

/** POST /api/workspaces/:id/join/code (owner): a new code; the old code and link stop working. */
export async function regenerateJoinCode(workspaceId: string): Promise<JoinOwnerView> {
  const body = await apiFetch<unknown>(`${joinApiPath(workspaceId)}/code`, { method: 'POST' });
  return joinOwnerView.parse(body);
}

/** New code; the server's answer replaces the panel's data. */
export function useRegenerateJoinCode(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateJoinCode(workspaceId),
    onSuccess: (view) => queryClient.setQueryData(joinKeys.owner(workspaceId), view),
  });
}
