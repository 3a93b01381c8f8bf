import { useWorkspace } from '../api/get-workspace';
import { useWorkspaceBySlug } from '../api/get-workspace-by-slug';

/** How the page was reached: /workspace/{id} or /workspaces/{slug}. */
export type WorkspaceRef = { kind: 'id'; id: string } | { kind: 'slug'; slug: string };

/** The workspace of the page, once the session is known (the answer depends on who asks). */
export function useWorkspaceDetail(ref: WorkspaceRef, viewerId: string | null, isEnabled: boolean) {
  const byId = useWorkspace(
    viewerId,
    ref.kind === 'id' ? ref.id : '',
    isEnabled && ref.kind === 'id',
  );
  const bySlug = useWorkspaceBySlug(
    viewerId,
    ref.kind === 'slug' ? ref.slug : '',
    isEnabled && ref.kind === 'slug',
  );
  return ref.kind === 'id' ? byId : bySlug;
}
