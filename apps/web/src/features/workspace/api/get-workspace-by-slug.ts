import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { workspaceDetailSchema, workspacesRootKey } from './get-workspace';
import type { WorkspaceDetail } from './get-workspace';

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
  return workspaceDetailSchema.parse(body);
}

export function workspaceBySlugQueryKey(viewerId: string | null, slug: string) {
  return [...workspacesRootKey, viewerId ?? 'anonymous', 'detail', 'slug', slug] as const;
}

export function workspaceBySlugQueryOptions(viewerId: string | null, slug: string) {
  return queryOptions({
    queryKey: workspaceBySlugQueryKey(viewerId, slug),
    queryFn: ({ signal }) => getWorkspaceBySlug(slug, signal),
  });
}
