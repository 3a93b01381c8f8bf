import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShuffleSnapshot } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { savedResultsQueryKey } from './save-result';

/** The workspaces list's query key root (features/workspaces owns the list). */
export const workspacesQueryKey = ['workspaces'] as const;

/** From a fresh shuffle (saved as a result too) or from one of the user's saved results. */
export type CreateWorkspaceInput =
  { title: string; snapshot: ShuffleSnapshot } | { title: string; resultId: string };

const created = z.object({
  resultId: z.string(),
  workspace: z.object({ id: z.string(), slug: z.string(), title: z.string(), url: z.string() }),
});
export type CreatedWorkspace = z.infer<typeof created>;

/**
 * POST /api/workspaces (Create Team): saves the snapshot as a result and creates the workspace
 * from it in one transaction, or creates it from a saved result without a second copy.
 */
export async function createWorkspace(input: CreateWorkspaceInput): Promise<CreatedWorkspace> {
  const body = await apiFetch<unknown>('/api/workspaces', { method: 'POST', json: input });
  return created.parse(body);
}

/** Create Team; both the saved results and the workspaces lists change with it. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savedResultsQueryKey }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
      ]),
  });
}
