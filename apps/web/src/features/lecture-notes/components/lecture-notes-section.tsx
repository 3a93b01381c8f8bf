import type { WorkspaceDetail } from '@teamshuffle/domain';

/** The Lecture Notes section of the workspace page (spec part 2): built in issue 11. */
export function LectureNotesSection({ detail }: { detail: WorkspaceDetail }) {
  void detail;
  return null;
}
