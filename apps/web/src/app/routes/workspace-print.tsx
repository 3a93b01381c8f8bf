import { useMemo } from 'react';
import { useParams } from 'react-router';
import { TeamsPrint } from '../../features/workspace/components/teams-print';
import { WorkspacePageFrame } from '../../features/workspace/components/workspace-page-frame';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';

/**
 * `/workspace/:workspaceId/print` (issue 24): the teams on large cards for a printer or a
 * projector. The workspace frame loads the workspace for whoever asks (any member may open it)
 * and shows its loading, access and failure states.
 */
export function WorkspacePrintRoute() {
  const { workspaceId = '' } = useParams();
  const workspaceRef = useMemo<WorkspaceRef>(
    () => ({ kind: 'id', id: workspaceId }),
    [workspaceId],
  );
  return (
    <WorkspacePageFrame key={workspaceId} workspaceRef={workspaceRef}>
      {(detail) => <TeamsPrint detail={detail} />}
    </WorkspacePageFrame>
  );
}
