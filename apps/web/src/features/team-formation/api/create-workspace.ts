import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdWorkspace } from '@teamshuffle/domain';
import type { CreateWorkspaceInput, CreatedWorkspace } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { viewerTimeZone } from '../../../lib/dates/viewer-time-zone';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/workspaces (Create Team, body `createWorkspaceInput`): saves the snapshot as a result
 * and creates the workspace from it in one transaction, or creates it from a saved result
 * without a second copy. The course's time zone is the creator's browser zone (issue 26).
 */
export async function createWorkspace(
  input: CreateWorkspaceInput,
  idempotencyKey?: string,
): Promise<CreatedWorkspace> {
  const body = await apiFetch<unknown>('/api/workspaces', {
    method: 'POST',
    json: { ...input, timeZone: input.timeZone ?? viewerTimeZone() ?? undefined },
    idempotencyKey,
  });
  return createdWorkspace.parse(body);
}

// Every try of one call sends the call's key (lib/api-client.ts).
const createWorkspaceKeyed = withIdempotencyKey(createWorkspace);

/**
 * Create Team; both the saved results and the workspaces lists change with it. One
 * Idempotency-Key per call, sent again on its retries.
 */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspaceKeyed,
    ...idempotentRetry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
      ]),
  });
}
