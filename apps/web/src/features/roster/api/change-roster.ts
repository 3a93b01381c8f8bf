import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rosterChangeResult } from '@teamshuffle/domain';
import type { RosterChangeResult } from '@teamshuffle/domain';
import { apiFetch, idempotentRetry, withIdempotencyKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { rosterPath } from './roster-keys';

/** One roster change the owner makes (issue 24, decision 0019). */
export type RosterChange =
  | { kind: 'add'; workspaceId: string; name: string; email: string; teamId: string | null }
  | { kind: 'move'; workspaceId: string; memberId: string; teamId: string }
  | { kind: 'rename'; workspaceId: string; memberId: string; name: string }
  | { kind: 'remove'; workspaceId: string; memberId: string };

function requestOf(change: RosterChange) {
  const base = rosterPath(change.workspaceId);
  switch (change.kind) {
    case 'add':
      return {
        path: `${base}/members` as const,
        method: 'POST',
        json: { name: change.name, email: change.email, teamId: change.teamId },
      };
    case 'move':
      return {
        path: `${base}/members/${encodeURIComponent(change.memberId)}/team` as const,
        method: 'PUT',
        json: { teamId: change.teamId },
      };
    case 'rename':
      return {
        path: `${base}/members/${encodeURIComponent(change.memberId)}/name` as const,
        method: 'PUT',
        json: { name: change.name },
      };
    case 'remove':
      return {
        path: `${base}/members/${encodeURIComponent(change.memberId)}` as const,
        method: 'DELETE',
        json: undefined,
      };
  }
}

/**
 * POST/PUT/DELETE /api/workspaces/:id/roster/members...: one Idempotency-Key per change, so a
 * retry is never applied twice (decision 0015).
 */
export async function changeRoster(
  change: RosterChange,
  idempotencyKey: string,
): Promise<RosterChangeResult> {
  const { path, method, json } = requestOf(change);
  const body = await apiFetch<unknown>(path, {
    method,
    idempotencyKey,
    ...(json === undefined ? {} : { json }),
  });
  return rosterChangeResult.parse(body);
}

const changeRosterKeyed = withIdempotencyKey(changeRoster);

/**
 * The owner's roster changes. The page's roster, the course sections (individual work moved with
 * a member), the log and the history all hang under the workspaces' root: refreshed together.
 */
export function useChangeRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRosterKeyed,
    ...idempotentRetry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
