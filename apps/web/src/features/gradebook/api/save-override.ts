import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradeOverrideInput, GradeOverrideKey } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/workspaces/:id/gradebook/overrides (owner): one member's grade on one item. */
export async function saveOverride(workspaceId: string, input: GradeOverrideInput) {
  await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/gradebook/overrides`,
    { method: 'PUT', json: input },
  );
}

/** DELETE /api/workspaces/:id/gradebook/overrides (owner): back to the graded score. */
export async function removeOverride(workspaceId: string, key: GradeOverrideKey) {
  const query = new URLSearchParams(key).toString();
  await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/gradebook/overrides?${query}`,
    { method: 'DELETE' },
  );
}

type OverrideChange =
  | { workspaceId: string; action: 'save'; input: GradeOverrideInput }
  | { workspaceId: string; action: 'remove'; key: GradeOverrideKey };

/** Saves or removes an override; refreshes the gradebook. */
export function useOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OverrideChange) =>
      change.action === 'save'
        ? saveOverride(change.workspaceId, change.input)
        : removeOverride(change.workspaceId, change.key),
    onSuccess: (_, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) }),
  });
}
