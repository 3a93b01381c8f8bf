import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangeResult } from '@teamshuffle/domain';
import type { EmailChangeResult } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface LeaderEmailEntry {
  teamId: string;
  /** '' clears the leader's e-mail. */
  email: string;
}

export interface SaveLeaderEmailsInput {
  workspaceId: string;
  entries: LeaderEmailEntry[];
}

/**
 * PUT /api/workspaces/:id/leader-emails (owner; body `leaderEmailsInput`): each team's leader
 * e-mail. 422 'Choose a leader for Team N first.' for a team without a leader.
 */
export async function saveLeaderEmails({
  workspaceId,
  entries,
}: SaveLeaderEmailsInput): Promise<EmailChangeResult> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/leader-emails`,
    { method: 'PUT', json: { entries } },
  );
  return emailChangeResult.parse(body);
}

/** Settings: Save Team Leader Emails; refreshes this page and the list. */
export function useSaveLeaderEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLeaderEmails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
