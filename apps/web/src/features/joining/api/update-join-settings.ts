import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinOwnerView, type JoinOwnerView, type JoinSettingsInput } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { joinApiPath } from './get-join-link';
import { joinKeys } from './join-keys';

/** PATCH /api/workspaces/:id/join (owner): the link and auto-approval on or off. */
export async function updateJoinSettings({
  workspaceId,
  ...change
}: JoinSettingsInput & { workspaceId: string }): Promise<JoinOwnerView> {
  const body = await apiFetch<unknown>(joinApiPath(workspaceId), { method: 'PATCH', json: change });
  return joinOwnerView.parse(body);
}

/** The panel's switches; the server's answer replaces the panel's data. */
export function useUpdateJoinSettings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: JoinSettingsInput) => updateJoinSettings({ workspaceId, ...change }),
    onSuccess: (view) => queryClient.setQueryData(joinKeys.owner(workspaceId), view),
  });
}
