import { can, isTeamComplete, progressColor, submissionBadgeColor } from '@teamshuffle/domain';
import type {
  IndividualTaskState,
  ProgressColor,
  SubmissionBadgeColor,
  TaskSubmission,
  TeamTaskState,
  WorkspaceAccessRole,
} from '@teamshuffle/domain';

// Who sees what of a note's task (spec part 2, sections 4 and 6). The server decides what each
// caller receives and refuses every wrong submission; this only chooses what the page offers.

/** The caller, as the task panels need them. */
export interface TaskViewer {
  /** Null for a signed-out visitor of a public workspace. */
  userId: string | null;
  role: WorkspaceAccessRole;
  /** The caller's roster team (the section's `myTeamId`). */
  myTeamId: string | null;
  /** Whether the caller leads `myTeamId` (the section's `isLeader`). */
  isLeader: boolean;
}

/**
 * What the caller may do with one team's panel of a team task: 'submit' (its leader), 'follow'
 * (another member of the team: its state, 'Only team leader can submit'), 'evaluate' (the owner,
 * any team), or null (no panel: another team, a viewer, a signed-out visitor).
 */
export type TeamPanelAccess = 'submit' | 'follow' | 'evaluate' | null;

/** The caller's access to a team's panel of a team task. */
export function teamPanelAccess(viewer: TaskViewer, teamId: string): TeamPanelAccess {
  if (viewer.userId === null) return null;
  if (viewer.role === 'owner') return 'evaluate';
  if (viewer.myTeamId !== teamId || !can(viewer.role, 'submitTask')) return null;
  return viewer.isLeader ? 'submit' : 'follow';
}

/**
 * What the caller may do with one team's panel of an individual task: 'submit' (a member of the
 * team: their own files, and the team's submissions), 'view' (the owner: view only), or null.
 */
export type IndividualPanelAccess = 'submit' | 'view' | null;

/** The caller's access to a team's panel of an individual task. */
export function individualPanelAccess(viewer: TaskViewer, teamId: string): IndividualPanelAccess {
  if (viewer.userId === null) return null;
  if (viewer.role === 'owner') return 'view';
  return viewer.myTeamId === teamId && can(viewer.role, 'submitTask') ? 'submit' : null;
}

/** A team's state on a team task: Pending, or Submitted with its count and the badge colour. */
export type TeamTaskStatus =
  { kind: 'pending' } | { kind: 'submitted'; count: number; color: SubmissionBadgeColor };

/** Pending (no current answer) or Submitted with the count (1 green, 2 blue, more purple). */
export function teamTaskStatus(state: Pick<TeamTaskState, 'current'>): TeamTaskStatus {
  return submissionStatus(state.current);
}

/** The status badge of one answer (a team's, or a member's own). */
export function submissionStatus(submission: TaskSubmission | null | undefined): TeamTaskStatus {
  const color = submission ? submissionBadgeColor(submission.attempt) : null;
  return submission && color
    ? { kind: 'submitted', count: submission.attempt, color }
    : { kind: 'pending' };
}

/** A team's progress on an individual task: the bar's share and colour, and 'Team Complete'. */
export interface IndividualProgress {
  submitted: number;
  total: number;
  /** 0 to 100. */
  percent: number;
  isComplete: boolean;
  color: ProgressColor;
}

/** Green when every member submitted, yellow from 50%, blue below (spec part 2, section 4). */
export function individualProgress(
  state: Pick<IndividualTaskState, 'submittedCount' | 'memberCount'>,
): IndividualProgress {
  const { submittedCount: submitted, memberCount: total } = state;
  return {
    submitted,
    total,
    percent: total > 0 ? Math.min(100, Math.round((submitted / total) * 100)) : 0,
    isComplete: isTeamComplete(submitted, total),
    color: progressColor(submitted, total),
  };
}

/** The caller's own current submission to an individual task, if any. */
export function ownSubmission(
  state: Pick<IndividualTaskState, 'submissions'>,
  userId: string | null,
): TaskSubmission | null {
  if (userId === null) return null;
  return state.submissions.find((submission) => submission.submittedBy?.id === userId) ?? null;
}
