import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { peerApiPath } from './peer-keys';

const remindedSchema = z.object({ reminded: z.number() });

/** POST .../:evaluationId/reminders (owner): how many were reminded (each person once, ever). */
export async function remindPeerEvaluation(workspaceId: string, evaluationId: string) {
  return remindedSchema.parse(
    await apiFetch<unknown>(`${peerApiPath(workspaceId, evaluationId)}/reminders`, {
      method: 'POST',
    }),
  );
}

/** The owner's "Remind" button. */
export function useRemindPeerEvaluation(workspaceId: string, evaluationId: string) {
  return useMutation({ mutationFn: () => remindPeerEvaluation(workspaceId, evaluationId) });
}
