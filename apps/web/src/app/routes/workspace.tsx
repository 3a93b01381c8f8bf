import { useMemo } from 'react';
import { useParams } from 'react-router';
import { AssignmentsSection } from '../../features/assignments/components/assignments-section';
import { LectureNotesSection } from '../../features/lecture-notes/components/lecture-notes-section';
import { TeamScoresSection } from '../../features/scores/components/team-scores-section';
import { TeamsSection } from '../../features/workspace/components/teams-section';
import { WorkspaceCounters } from '../../features/workspace/components/workspace-counters';
import { WorkspaceHeaderSection } from '../../features/workspace/components/workspace-header';
import { WorkspacePageFrame } from '../../features/workspace/components/workspace-page-frame';
import {
  AllMembersSection,
  ConstraintSections,
} from '../../features/workspace/components/workspace-sections';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';
import { usePageData } from '../page-data/page-data';
import { workspacePageData } from './workspace.data';

/**
 * `/workspace/:workspaceId` and `/workspaces/:slug`: the workspace page (spec part 2, section 2),
 * composed here. The workspace feature loads the workspace and shows its states (the frame) and
 * its own sections; each later feature (lecture notes, scores, assignments) adds its section in
 * the spec's order, given the loaded workspace, without touching the workspace feature.
 */
export function WorkspaceRoute() {
  const { workspaceId, slug } = useParams();
  const workspaceRef = useMemo<WorkspaceRef>(
    () =>
      workspaceId !== undefined
        ? { kind: 'id', id: workspaceId }
        : { kind: 'slug', slug: slug ?? '' },
    [workspaceId, slug],
  );
  // A new address is a new page: nothing (open modals, forms) carries over.
  const key = workspaceRef.kind === 'id' ? `id:${workspaceRef.id}` : `slug:${workspaceRef.slug}`;
  // Everything the page shows is asked for at once (workspace.data.ts), not section by section.
  usePageData(useMemo(() => workspacePageData(workspaceRef), [workspaceRef]));
  return (
    <WorkspacePageFrame key={key} workspaceRef={workspaceRef}>
      {(detail) => (
        <>
          <WorkspaceHeaderSection detail={detail} />
          <WorkspaceCounters counters={detail.counters} />
          <TeamsSection detail={detail} />
          <LectureNotesSection detail={detail} />
          <TeamScoresSection detail={detail} />
          <AssignmentsSection detail={detail} />
          <AllMembersSection detail={detail} />
          <ConstraintSections detail={detail} />
        </>
      )}
    </WorkspacePageFrame>
  );
}
