import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { emailChangeResult } from './email-change-result';
import type { EmailChangeResult } from './email-change-result';
import { workspacesRootKey } from './get-workspace';

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
 * PUT /api/workspaces/:id/leader-emails (owner): each team's leader e-mail. 422 'Choose a leader
 * for Team N first.' for a team without a leader.
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesRootKey }),
  });
}
