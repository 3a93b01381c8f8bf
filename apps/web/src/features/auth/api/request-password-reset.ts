import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The page the reset e-mail links to; it receives ?token= (or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** POST /api/auth/request-password-reset: always 200, whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch<unknown>('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: RESET_PASSWORD_PATH },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
