import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SignUpEmailInput {
  name: string;
  email: string;
  password: string;
  /** Where the verification link brings the user back to, signed in (the current page). */
  callbackURL: string;
}

/** POST /api/auth/sign-up/email: creates the account (signed in, unverified) and mails the link. */
export async function signUpEmail(input: SignUpEmailInput): Promise<void> {
  await apiFetch<unknown>('/api/auth/sign-up/email', { method: 'POST', json: input });
}

export function useSignUpEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
