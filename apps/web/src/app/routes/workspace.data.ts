import type { QueryClient } from '@tanstack/react-query';
import { assignmentsQueryOptions } from '../../features/assignments/api/get-assignments';
import { notesSectionQueryOptions } from '../../features/lecture-notes/api/get-notes-section';
import { teamScoresQueryOptions } from '../../features/scores/api/get-team-scores';
import { gradebookQueryOptions } from '../../features/gradebook/api/get-gradebook';
import { myGradesQueryOptions } from '../../features/gradebook/api/get-my-grades';
import { workspaceQueryOptions } from '../../features/workspace/api/get-workspace';
import { workspaceBySlugQueryOptions } from '../../features/workspace/api/get-workspace-by-slug';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';
import type { WorkspaceTab } from '@teamshuffle/domain';
import type { PageData, PageQuery } from '../page-data/page-data';
import { shellData } from '../page-data/shell.data';

/**
 * The workspace page's data (app/page-data): the shell's (the session, the bell), then the
 * workspace (its answer depends on who asks) for the first screen; then the section shown (issue
 * 22: each section at its own address loads only its own data): Lecture Notes (also on the
 * Overview, which keeps the current week's note in front) and Assignments as soon as the session
 * and the workspace's id are known, beside the workspace itself; Team Scores once the workspace
 * says the caller owns it; My grades once it says the caller is on the roster. Members needs the
 * workspace alone.
 */
export function workspacePageData(ref: WorkspaceRef, tab: WorkspaceTab = 'overview'): PageData {
  return (client: QueryClient) => {
    const { screen, viewerId } = shellData(client);
    const rest: PageQuery[] = [];
    if (viewerId === undefined) return { screen, rest };
    const detailQuery =
      ref.kind === 'id'
        ? workspaceQueryOptions(viewerId, ref.id)
        : workspaceBySlugQueryOptions(viewerId, ref.slug);
    screen.push(detailQuery);
    const detail = client.getQueryData(detailQuery.queryKey);
    const workspaceId = ref.kind === 'id' ? ref.id : detail?.id;
    if (workspaceId !== undefined) {
      if (tab === 'overview' || tab === 'notes') {
        rest.push(notesSectionQueryOptions(viewerId, workspaceId));
      }
      if (tab === 'assignments') rest.push(assignmentsQueryOptions(viewerId, workspaceId));
    }
    // My grades only for a member on the roster: anyone else would be refused (the section says so).
    if (tab === 'grades' && detail !== undefined && detail.myMemberId !== null) {
      rest.push(myGradesQueryOptions(viewerId, detail.id));
    }
    if (tab === 'scores' && detail?.role === 'owner') rest.push(teamScoresQueryOptions(detail.id));
    if (tab === 'gradebook' && detail?.role === 'owner')
      rest.push(gradebookQueryOptions(detail.id));
    return { screen, rest };
  };
}
