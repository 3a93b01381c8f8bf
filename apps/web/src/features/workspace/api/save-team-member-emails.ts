import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangeResult } from '@teamshuffle/domain';
import type { EmailChangeResult } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface MemberEmailEntry {
  memberId: string;
  /** '' clears the member's e-mail. */
  email: string;
}

export interface SaveTeamMemberEmailsInput {
  workspaceId: string;
  teamId: string;
  entries: MemberEmailEntry[];
}

/**
 * PUT /api/workspaces/:id/teams/:teamId/member-emails (body `memberEmailsInput`): the owner for
 * any team, a member or leader for their own team. The leader's row is refused (set in Settings).
 */
export async function saveTeamMemberEmails({
  workspaceId,
  teamId,
  entries,
}: SaveTeamMemberEmailsInput): Promise<EmailChangeResult> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/teams/${encodeURIComponent(teamId)}/member-emails`,
    { method: 'PUT', json: { entries } },
  );
  return emailChangeResult.parse(body);
}

/** Manage Team Member Emails; refreshes this page and the list. */
export function useSaveTeamMemberEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeamMemberEmails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
