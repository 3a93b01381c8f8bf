import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/** POST /api/auth/reset-password: sets a new password with the e-mailed token. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiFetch<unknown>('/api/auth/reset-password', { method: 'POST', json: input });
}

/** Does not sign the user in, so the cached session is unchanged. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
