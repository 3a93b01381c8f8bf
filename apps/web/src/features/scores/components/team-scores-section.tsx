import type { WorkspaceDetail } from '@teamshuffle/domain';

/** The Team Scores section of the workspace page (owner, spec part 2): built in issue 12. */
export function TeamScoresSection({ detail }: { detail: WorkspaceDetail }) {
  void detail;
  return null;
}
