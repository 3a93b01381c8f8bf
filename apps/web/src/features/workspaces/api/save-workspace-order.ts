import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceCard } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { applyNumbers, writeOrderCache } from '../utils/team-order';
import type { OrderItem } from '../utils/team-order';

/**
 * PUT /api/workspaces/order (body `workspaceOrderInput`): the caller's numbers for some workspaces
 * (displayOrder = number - 1). 204.
 */
export async function saveWorkspaceOrder(items: readonly OrderItem[]): Promise<void> {
  await apiFetch<unknown>('/api/workspaces/order', { method: 'PUT', json: { items } });
}

/**
 * Saves a new numbering. The list shows it at once (optimistic) and goes back if the server
 * refuses; the browser's `teamOrder_<userId>` copy is refreshed as a cache only.
 */
export function useSaveWorkspaceOrder(viewerId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.workspaces.list(viewerId, null);
  return useMutation({
    mutationFn: ({ items }: { items: readonly OrderItem[]; cards: WorkspaceCard[] }) =>
      saveWorkspaceOrder(items),
    onMutate: async ({ cards }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<WorkspaceCard[]>(key);
      queryClient.setQueryData<WorkspaceCard[]>(key, cards);
      return { previous };
    },
    onSuccess: (_data, { cards }) => writeOrderCache(viewerId, applyNumbers(cards)),
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
