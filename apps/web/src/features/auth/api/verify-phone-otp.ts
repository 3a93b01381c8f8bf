import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface VerifyPhoneOtpInput {
  phoneNumber: string;
  code: string;
}

/** POST /api/auth/phone-number/verify: signs in (creating the account on first use). */
export async function verifyPhoneOtp(input: VerifyPhoneOtpInput): Promise<void> {
  await apiFetch<unknown>('/api/auth/phone-number/verify', { method: 'POST', json: input });
}

export function useVerifyPhoneOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhoneOtp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
