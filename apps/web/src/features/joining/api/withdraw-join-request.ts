import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** DELETE /api/join/:code/requests/:requestId: a student takes back their own pending request. */
export async function withdrawJoinRequest(code: string, requestId: string): Promise<void> {
  await apiFetch<unknown>(
    `/api/join/${encodeURIComponent(code)}/requests/${encodeURIComponent(requestId)}`,
    { method: 'DELETE' },
  );
}

/** Withdraw the request; the join page asks again and offers the names. */
export function useWithdrawJoinRequest(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => withdrawJoinRequest(code, requestId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['join'] }),
  });
}
