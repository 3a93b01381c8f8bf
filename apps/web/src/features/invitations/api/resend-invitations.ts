import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationsResent } from '@teamshuffle/domain';
import type { InvitationsResent } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { invitationsKey } from './get-invitations';

export interface ResendInput {
  workspaceId: string;
  /** One member's invitation, or every pending one when null. */
  memberId: string | null;
}

/**
 * POST /api/workspaces/:id/invitations/:memberId/resend, or .../invitations/resend-pending
 * (owner): the invitation mail again. 429 invitation_recently_sent within 10 minutes of the last.
 */
export async function resendInvitations(
  { workspaceId, memberId }: ResendInput,
  idempotencyKey?: string,
): Promise<InvitationsResent> {
  const workspace = encodeURIComponent(workspaceId);
  const path: `/api/${string}` =
    memberId === null
      ? `/api/workspaces/${workspace}/invitations/resend-pending`
      : `/api/workspaces/${workspace}/invitations/${encodeURIComponent(memberId)}/resend`;
  const body = await apiFetch<unknown>(path, { method: 'POST', json: {}, idempotencyKey });
  return invitationsResent.parse(body);
}

// Every try of one press sends the press's key (lib/api-client.ts).
const resendKeyed = withIdempotencyKey(resendInvitations);

/** Resend and Resend to all pending; the panel's statuses are asked again after either. */
export function useResendInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendKeyed,
    ...idempotentRetry,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: invitationsKey(input.workspaceId) }),
  });
}
