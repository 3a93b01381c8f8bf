import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardView } from '@teamshuffle/domain';
import type { DashboardView } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/dashboard: the signed-in landing page's figures, activity and latest notifications. */
export async function getDashboard(signal?: AbortSignal): Promise<DashboardView> {
  const body = await apiFetch<unknown>('/api/dashboard', signal ? { signal } : {});
  return dashboardView.parse(body);
}

/** The live stream keeps its unread figure and latest notifications current (lib/live-events). */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
