import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationsList } from '@teamshuffle/domain';
import type { InvitationsList } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The key of a workspace's Invitations panel: under the workspaces' root, so a change of the
 * roster's e-mails (which invalidates that root) refreshes the statuses too.
 */
export function invitationsKey(workspaceId: string) {
  return [...queryKeys.workspaces.all, 'course', workspaceId, 'invitations'] as const;
}

/** GET /api/workspaces/:id/invitations (owner): each roster e-mail and its invitation's status. */
export async function getInvitations(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<InvitationsList> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/invitations`,
    { signal },
  );
  return invitationsList.parse(body);
}

export function invitationsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: invitationsKey(workspaceId),
    queryFn: ({ signal }) => getInvitations(workspaceId, signal),
  });
}

/**
 * The owner's Invitations panel. A mail is sent within seconds of its request: while one is on
 * its way the list is asked again every 3 s, and not otherwise.
 */
export function useInvitations(workspaceId: string) {
  return useQuery({
    ...invitationsQueryOptions(workspaceId),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'queued') ? 3_000 : false,
  });
}
