import { Text } from '@mantine/core';
import { workspaceSectionAt, workspaceTabPath } from '@teamshuffle/domain';
import type { WorkspaceDetail, WorkspaceTab } from '@teamshuffle/domain';
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { AssignmentsSection } from '../../features/assignments/components/assignments-section';
import { CurrentNoteSection } from '../../features/lecture-notes/components/current-note-section';
import { InvitationsPanel } from '../../features/invitations/components/invitations-panel';
import { JoinStatusBadge } from '../../features/joining/components/join-status-badge';
import { LectureNotesSection } from '../../features/lecture-notes/components/lecture-notes-section';
import { ManageRosterSection } from '../../features/roster/components/manage-roster-section';
import { GradebookSection } from '../../features/gradebook/components/gradebook-section';
import { MyGradesSection } from '../../features/gradebook/components/my-grades-section';
import { TeamScoresSection } from '../../features/scores/components/team-scores-section';
import { showsTeamScores } from '../../features/scores/utils/score-view';
import { TeamsSection } from '../../features/workspace/components/teams-section';
import { WorkspaceCounters } from '../../features/workspace/components/workspace-counters';
import { WorkspaceHeaderSection } from '../../features/workspace/components/workspace-header';
import { WorkspacePageFrame } from '../../features/workspace/components/workspace-page-frame';
import {
  AllMembersSection,
  ConstraintSections,
} from '../../features/workspace/components/workspace-sections';
import { WorkspaceTabs } from '../../features/workspace/components/workspace-tabs';
import type { WorkspaceTabLink } from '../../features/workspace/components/workspace-tabs';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';
import { useTranslation } from '../../lib/i18n';
import { usePageData } from '../page-data/page-data';
import { workspacePageData } from './workspace.data';

/**
 * `/workspace/:workspaceId` (and its sections at their own addresses, issue 22:
 * `/notes`, `/notes/:noteId`, `/assignments`, `/scores`, `/members`) and `/workspaces/:slug`: the
 * workspace page (spec part 2, section 2), composed here. The workspace feature loads the
 * workspace and shows its states (the frame), its header and the section links; the section shown
 * is the only one loaded and rendered. The Overview keeps the current week's note in front.
 */
export function WorkspaceRoute() {
  const { workspaceId, slug } = useParams();
  const { pathname } = useLocation();
  const workspaceRef = useMemo<WorkspaceRef>(
    () =>
      workspaceId !== undefined
        ? { kind: 'id', id: workspaceId }
        : { kind: 'slug', slug: slug ?? '' },
    [workspaceId, slug],
  );
  // The router sends only the section addresses here (router.tsx); the slug's page is the Overview.
  const section = workspaceSectionAt(pathname) ?? { tab: 'overview' as const, noteId: null };
  const { tab } = section;
  // A new workspace is a new page: nothing (open modals, forms) carries over; a new section of
  // the same workspace keeps the header.
  const key = workspaceRef.kind === 'id' ? `id:${workspaceRef.id}` : `slug:${workspaceRef.slug}`;
  // Everything the section shows is asked for at once (workspace.data.ts), not part by part.
  usePageData(useMemo(() => workspacePageData(workspaceRef, tab), [workspaceRef, tab]));
  return (
    <WorkspacePageFrame key={key} workspaceRef={workspaceRef}>
      {(detail) => (
        <>
          <WorkspaceHeaderSection detail={detail} />
          <SectionLinks detail={detail} tab={tab} />
          <WorkspaceSection detail={detail} tab={tab} noteId={section.noteId} />
        </>
      )}
    </WorkspacePageFrame>
  );
}

function WorkspaceSection({
  detail,
  tab,
  noteId,
}: {
  detail: WorkspaceDetail;
  tab: WorkspaceTab;
  noteId: string | null;
}) {
  const { t } = useTranslation();
  switch (tab) {
    case 'overview':
      return (
        <>
          <WorkspaceCounters counters={detail.counters} />
          <CurrentNoteSection detail={detail} />
          <TeamsSection detail={detail} />
        </>
      );
    case 'notes':
      // Keyed by the note shown: one note's card (its open task panel, a form half filled) must
      // not carry over to another note's address, nor the list's to a note (the page itself
      // stays mounted across its sections, app/root-layout.tsx).
      return <LectureNotesSection key={noteId ?? ''} detail={detail} noteId={noteId} />;
    case 'assignments':
      return <AssignmentsSection detail={detail} />;
    case 'scores':
      return showsTeamScores(detail) ? (
        <TeamScoresSection detail={detail} />
      ) : (
        <SectionHidden message={t('workspace.tabs.scoresHidden')} />
      );
    // The gradebook (issue 25): the owner's; My grades for a member on the roster.
    case 'gradebook':
      return detail.role === 'owner' ? (
        <GradebookSection detail={detail} />
      ) : (
        <SectionHidden message={t('gradebook.hidden')} />
      );
    case 'grades':
      return detail.myMemberId !== null ? (
        <MyGradesSection detail={detail} />
      ) : (
        <SectionHidden message={t('gradebook.errors.gradebook_not_on_roster')} />
      );
    case 'members':
      return (
        <>
          {/* The owner sees each member as invited (and the mail's state) / requested / joined
              in the list itself (issue 24); members never see the e-mail status. */}
          <AllMembersSection
            detail={detail}
            memberStatus={
              detail.role === 'owner'
                ? (memberId) => <JoinStatusBadge workspaceId={detail.id} memberId={memberId} />
                : undefined
            }
          />
          {/* The owner's invitation mails and their status (issue 24, decision 0021). */}
          {detail.role === 'owner' ? <InvitationsPanel detail={detail} /> : null}
          {/* The owner's roster changes and their log (issue 24, decision 0019). */}
          {detail.role === 'owner' ? <ManageRosterSection detail={detail} /> : null}
          <ConstraintSections detail={detail} />
        </>
      );
  }
}

/**
 * A section's address for someone it is not shown to: Team Scores for a member or before any
 * leader, the Gradebook for anyone but the owner, My grades for anyone not on the roster.
 */
function SectionHidden({ message }: { message: string }) {
  return <Text c="dimmed">{message}</Text>;
}

/** The section links the caller has: Team Scores only where the section shows (the owner's). */
function SectionLinks({ detail, tab: current }: { detail: WorkspaceDetail; tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const tabs: WorkspaceTab[] = showsTeamScores(detail)
    ? ['overview', 'notes', 'assignments', 'scores', 'members']
    : ['overview', 'notes', 'assignments', 'members'];
  // The gradebook for the owner, My grades for a member or leader (issue 25).
  if (detail.role === 'owner') tabs.push('gradebook');
  else if (detail.role === 'member' || detail.role === 'leader') tabs.push('grades');
  const links: WorkspaceTabLink[] = tabs.map((tab) => ({
    tab,
    label:
      tab === 'gradebook'
        ? t('gradebook.tab')
        : tab === 'grades'
          ? t('gradebook.myTab')
          : t(`workspace.tabs.${tab}`),
    to: workspaceTabPath(detail.id, tab),
  }));
  return <WorkspaceTabs tabs={links} current={current} />;
}
