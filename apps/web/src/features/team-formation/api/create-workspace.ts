import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdWorkspace } from '@teamshuffle/domain';
import type { CreateWorkspaceInput, CreatedWorkspace } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/workspaces (Create Team, body `createWorkspaceInput`): saves the snapshot as a result
 * and creates the workspace from it in one transaction, or creates it from a saved result
 * without a second copy.
 */
export async function createWorkspace(input: CreateWorkspaceInput): Promise<CreatedWorkspace> {
  const body = await apiFetch<unknown>('/api/workspaces', { method: 'POST', json: input });
  return createdWorkspace.parse(body);
}

/** Create Team; both the saved results and the workspaces lists change with it. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
      ]),
  });
}
