import { useParams } from 'react-router';
import { TeamsSection } from '../../features/workspace/components/teams-section';
import { UpcomingSections } from '../../features/workspace/components/upcoming-sections';
import { WorkspaceCounters } from '../../features/workspace/components/workspace-counters';
import { WorkspaceHeaderSection } from '../../features/workspace/components/workspace-header';
import { WorkspacePageFrame } from '../../features/workspace/components/workspace-page-frame';
import {
  AllMembersSection,
  ConstraintSections,
} from '../../features/workspace/components/workspace-sections';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';

/**
 * `/workspace/:workspaceId` and `/workspaces/:slug`: the workspace page (spec part 2, section 2),
 * composed here. The workspace feature loads the workspace and shows its states (the frame) and
 * its own sections; each later feature (lecture notes, scores, assignments) adds its section in
 * the spec's order, given the loaded workspace, without touching the workspace feature.
 */
export function WorkspaceRoute() {
  const { workspaceId, slug } = useParams();
  const workspaceRef: WorkspaceRef =
    workspaceId !== undefined
      ? { kind: 'id', id: workspaceId }
      : { kind: 'slug', slug: slug ?? '' };
  // A new address is a new page: nothing (open modals, forms) carries over.
  const key = workspaceRef.kind === 'id' ? `id:${workspaceRef.id}` : `slug:${workspaceRef.slug}`;
  return (
    <WorkspacePageFrame key={key} workspaceRef={workspaceRef}>
      {(detail) => (
        <>
          <WorkspaceHeaderSection detail={detail} />
          <WorkspaceCounters counters={detail.counters} />
          <TeamsSection detail={detail} />
          {/* Lecture Notes, Team Scores and Assignments: replaced by their features. */}
          <UpcomingSections role={detail.role} />
          <AllMembersSection detail={detail} />
          <ConstraintSections detail={detail} />
        </>
      )}
    </WorkspacePageFrame>
  );
}
