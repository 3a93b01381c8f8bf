import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deadlineExtension } from '@teamshuffle/domain';
import type { DeadlineExtension } from '@teamshuffle/domain';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Whose later deadline, on which item (decision 0030). */
export interface ExtensionTarget {
  workspaceId: string;
  item: { kind: 'assignment' | 'task'; id: string };
  holder: { kind: 'team' | 'member'; id: string };
}

function extensionPath({ workspaceId, item, holder }: ExtensionTarget): `/api/${string}` {
  const items = item.kind === 'assignment' ? 'assignments' : 'notes';
  const holders = holder.kind === 'team' ? 'teams' : 'members';
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/${items}/${encodeURIComponent(item.id)}/extensions/${holders}/${encodeURIComponent(holder.id)}`;
}

/** PUT .../extensions/{teams|members}/:holderId (owner): gives or changes the later deadline. */
export async function putExtension(
  target: ExtensionTarget & { dueAt: string },
): Promise<DeadlineExtension> {
  const body = await apiFetch<unknown>(extensionPath(target), {
    method: 'PUT',
    json: { dueAt: target.dueAt },
  });
  return deadlineExtension.parse(body);
}

/** DELETE .../extensions/{teams|members}/:holderId (owner): the item's deadline is theirs again. */
export async function deleteExtension(target: ExtensionTarget): Promise<void> {
  await apiFetch<unknown>(extensionPath(target), { method: 'DELETE' });
}

/** The sections, the gradebook and Due soon show the holder's deadline: all are refreshed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (workspaceId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.course(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.myDeadlines }),
    ]);
}

export function usePutExtension() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: putExtension,
    onSuccess: (_, { workspaceId }) => refresh(workspaceId),
  });
}

export function useDeleteExtension() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: deleteExtension,
    onSuccess: (_, { workspaceId }) => refresh(workspaceId),
  });
}
