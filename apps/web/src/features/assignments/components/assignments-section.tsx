import type { WorkspaceDetail } from '@teamshuffle/domain';

/** The Assignments section of the workspace page (spec part 2): built in issue 12. */
export function AssignmentsSection({ detail }: { detail: WorkspaceDetail }) {
  void detail;
  return null;
}
