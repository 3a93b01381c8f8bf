import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamScores } from '@teamshuffle/domain';
import type { TeamScores } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/:id/scores (owner): each team's averages and scores per assignment. */
export async function getTeamScores(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<TeamScores> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/scores`,
    signal ? { signal } : {},
  );
  return teamScores.parse(body);
}

/**
 * Under the assignments' root key: every change to assignments or grades (which invalidates that
 * root) refreshes Team Scores too, without the two features importing each other.
 */
export function teamScoresQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: queryKeys.assignments.scores(workspaceId),
    queryFn: ({ signal }) => getTeamScores(workspaceId, signal),
  });
}

/** Team Scores of a workspace (the owner's). */
export function useTeamScores(workspaceId: string) {
  return useQuery(teamScoresQueryOptions(workspaceId));
}
