import { useParams } from 'react-router';
import { WorkspaceDetailPage } from '../../features/workspace/components/workspace-detail-page';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';

/** `/workspace/:workspaceId` and `/workspaces/:slug`: the workspace detail page (spec part 2). */
export function WorkspaceRoute() {
  const { workspaceId, slug } = useParams();
  const workspaceRef: WorkspaceRef =
    workspaceId !== undefined
      ? { kind: 'id', id: workspaceId }
      : { kind: 'slug', slug: slug ?? '' };
  // A new address is a new page: nothing (open modals, forms) carries over.
  const key = workspaceRef.kind === 'id' ? `id:${workspaceRef.id}` : `slug:${workspaceRef.slug}`;
  return <WorkspaceDetailPage key={key} workspaceRef={workspaceRef} />;
}
