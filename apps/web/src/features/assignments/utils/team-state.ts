import type { AssignmentTeamState, AssignmentView, AssignmentsSection } from '@teamshuffle/domain';
import type { WindowPhase } from './assignment-window';

// What a team's row on an assignment card shows, and what opening it does (spec part 2,
// sections 4-6), as pure functions of the section's answer.

/** The caller's place in the section: owner (manage), their team, whether they lead it. */
export type SectionViewer = Pick<AssignmentsSection, 'canManage' | 'myTeamId' | 'isLeader'>;

/** A team's badge: Submitted (its latest attempt) or Pending; grey once the end has passed. */
export interface TeamStatus {
  kind: 'submitted' | 'pending';
  color: 'green' | 'yellow' | 'gray';
  isLate: boolean;
}

/** The badge of a team (spec part 2, section 4: the badge is grey once the end date has passed). */
export function teamStatus(
  team: Pick<AssignmentTeamState, 'latest'>,
  phase: WindowPhase,
): TeamStatus {
  const isSubmitted = team.latest !== null;
  return {
    kind: isSubmitted ? 'submitted' : 'pending',
    color: phase === 'ended' ? 'gray' : isSubmitted ? 'green' : 'yellow',
    isLate: team.latest?.isLate ?? false,
  };
}

/**
 * What opening a team's row does: the owner views (and grades) it, its leader submits, another
 * member of the team reads its work and history (told that only the leader submits), and anyone
 * else is told no.
 */
export type PanelAccess = 'manage' | 'submit' | 'view' | 'refused';

/**
 * spec part 2, section 6: the owner opens any team's panel; a non-leader gets 'Only team leaders
 * can submit assignments.' A member of the team still sees its history (issue 12: history for the
 * owner and the team), with that refusal in place of the hand-in.
 */
export function panelAccess(viewer: SectionViewer, teamId: string): PanelAccess {
  if (viewer.canManage) return 'manage';
  if (viewer.myTeamId !== teamId) return 'refused';
  return viewer.isLeader ? 'submit' : 'view';
}

/**
 * Downloads of a team's handed-in files: the owner and every member of the team (issue 25: the
 * spec's leader-only rule left members without what their own team handed in); the server
 * refuses the rest.
 */
export function canDownloadWork(access: PanelAccess): boolean {
  return access !== 'refused';
}

/** Hints under a team's row (spec part 2, sections 5 and 8). */
export type TeamHint = 'emailNotSet' | 'leaderEmailNotSet' | 'onlyLeader';

/**
 * The owner sees 'Email not set in Settings' on a team whose leader has no e-mail; everyone else
 * 'Leader email not set in Settings' (with 'Please contact administrator...'); a member of the
 * team who is not its leader, 'Only team leader can submit'.
 */
export function teamHints(
  viewer: SectionViewer,
  team: Pick<AssignmentTeamState, 'teamId' | 'hasLeaderEmail'>,
): TeamHint[] {
  const hints: TeamHint[] = [];
  if (!team.hasLeaderEmail) hints.push(viewer.canManage ? 'emailNotSet' : 'leaderEmailNotSet');
  if (!viewer.canManage && !viewer.isLeader && viewer.myTeamId === team.teamId) {
    hints.push('onlyLeader');
  }
  return hints;
}

/** Which work a team's grade belongs to. */
export type GradeTarget =
  | { kind: 'none' }
  | { kind: 'latest' }
  | { kind: 'earlier'; attempt: number | null }
  | { kind: 'noSubmission' };

/**
 * A grade stays on the attempt it graded (ARCHITECTURE.md: the spec lost it on a resubmission):
 * the latest attempt, an earlier one (shown as such next to the new attempt), or "no submission".
 */
export function gradeTarget(team: Pick<AssignmentTeamState, 'grade' | 'latest'>): GradeTarget {
  const { grade, latest } = team;
  if (grade === null) return { kind: 'none' };
  if (grade.submissionId === null) return { kind: 'noSubmission' };
  if (latest !== null && grade.submissionId === latest.id) return { kind: 'latest' };
  return { kind: 'earlier', attempt: grade.attempt };
}

/** How many teams have handed something in. */
export function submittedCount(assignment: Pick<AssignmentView, 'teams'>): number {
  return assignment.teams.filter((team) => team.latest !== null).length;
}
