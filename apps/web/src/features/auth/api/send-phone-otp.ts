import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/phone-number/send-otp: texts a one-time code to an E.164 number. */
export async function sendPhoneOtp(phoneNumber: string): Promise<void> {
  await apiFetch<unknown>('/api/auth/phone-number/send-otp', {
    method: 'POST',
    json: { phoneNumber },
  });
}

export function useSendPhoneOtp() {
  return useMutation({ mutationFn: sendPhoneOtp });
}
