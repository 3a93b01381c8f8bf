import { useQuery } from '@tanstack/react-query';
import { getWorkspace, workspaceQueryKey } from '../api/get-workspace';
import { getWorkspaceBySlug, workspaceBySlugQueryKey } from '../api/get-workspace-by-slug';

/** How the page was reached: /workspace/{id} or /workspaces/{slug}. */
export type WorkspaceRef = { kind: 'id'; id: string } | { kind: 'slug'; slug: string };

/** The workspace of the page, once the session is known (the answer depends on who asks). */
export function useWorkspaceDetail(ref: WorkspaceRef, viewerId: string | null, isEnabled: boolean) {
  return useQuery({
    queryKey:
      ref.kind === 'id'
        ? workspaceQueryKey(viewerId, ref.id)
        : workspaceBySlugQueryKey(viewerId, ref.slug),
    queryFn: ({ signal }) =>
      ref.kind === 'id' ? getWorkspace(ref.id, signal) : getWorkspaceBySlug(ref.slug, signal),
    enabled: isEnabled,
  });
}
