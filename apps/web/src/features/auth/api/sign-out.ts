import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { clearSessionData } from '../../../lib/session/clear-session-data';

/** POST /api/auth/sign-out: ends the session and clears its cookie. */
export async function signOut(): Promise<void> {
  await apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', json: {} });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => clearSessionData(queryClient),
  });
}
