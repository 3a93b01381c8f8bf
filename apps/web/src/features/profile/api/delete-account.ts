import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { clearSessionData } from '../../../lib/session/clear-session-data';

export interface DeleteAccountInput {
  /** Required by the server when the account has a password. */
  password?: string;
}

/**
 * DELETE /api/me: deletes the account and every team it created, and ends the session (204).
 * The typed confirmation travels along so the server checks it too.
 */
export async function deleteAccount({ password }: DeleteAccountInput): Promise<void> {
  await apiFetch<unknown>('/api/me', {
    method: 'DELETE',
    json:
      password === undefined
        ? { confirmation: DELETE_ACCOUNT_CONFIRMATION }
        : { confirmation: DELETE_ACCOUNT_CONFIRMATION, password },
  });
}

/** On success everything cached belonged to the deleted user: it is all dropped. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => clearSessionData(queryClient),
  });
}
