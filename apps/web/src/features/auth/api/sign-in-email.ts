import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SignInEmailInput {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in/email: sets the session cookie. */
export async function signInEmail(input: SignInEmailInput): Promise<void> {
  await apiFetch<unknown>('/api/auth/sign-in/email', { method: 'POST', json: input });
}

export function useSignInEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
