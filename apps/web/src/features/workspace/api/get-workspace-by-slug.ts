import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceDetail } from '@teamshuffle/domain';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/workspaces/by-slug/:slug: /workspaces/{name} (spec part 2, section 2), the workspace
 * whose URL name equals the name or is a prefix of it followed by a dash.
 */
export async function getWorkspaceBySlug(
  slug: string,
  signal?: AbortSignal,
): Promise<WorkspaceDetail> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/by-slug/${encodeURIComponent(slug)}`,
    signal ? { signal } : {},
  );
  return workspaceDetail.parse(body);
}

export function workspaceBySlugQueryOptions(viewerId: string | null, slug: string) {
  return queryOptions({
    queryKey: queryKeys.workspaces.detailBySlug(viewerId, slug),
    queryFn: ({ signal }) => getWorkspaceBySlug(slug, signal),
  });
}

/** /workspaces/{slug}: fetched once the session is known (`isEnabled`). */
export function useWorkspaceBySlug(viewerId: string | null, slug: string, isEnabled: boolean) {
  return useQuery({ ...workspaceBySlugQueryOptions(viewerId, slug), enabled: isEnabled });
}
