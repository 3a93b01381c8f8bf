import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface SendVerificationEmailInput {
  email: string;
  /** Where the link brings the user back to. */
  callbackURL: string;
}

/** POST /api/auth/send-verification-email: mails a fresh verification link. */
export async function sendVerificationEmail(input: SendVerificationEmailInput): Promise<void> {
  await apiFetch<unknown>('/api/auth/send-verification-email', { method: 'POST', json: input });
}

/** Changes nothing the client caches (the user stays unverified until the link is opened). */
export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
