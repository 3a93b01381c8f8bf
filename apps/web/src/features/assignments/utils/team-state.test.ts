import type { AssignmentAttempt, AssignmentTeamState, EvaluationView } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  canDownloadWork,
  gradeTarget,
  panelAccess,
  submittedCount,
  teamHints,
  teamStatus,
} from './team-state';

function attempt(id: string, number: number, isLate = false): AssignmentAttempt {
  return {
    id,
    attempt: number,
    submittedAt: '2025-03-03T01:00:00.000Z',
    isLate,
    submittedBy: { id: 'u1', name: 'Ann' },
    notes: null,
    files: [],
    evaluation: null,
  };
}

function grade(submissionId: string | null, attemptNumber: number | null): EvaluationView {
  return {
    id: 'e1',
    score: 95,
    rawScore: 95,
    maxScore: 100,
    feedback: '',
    evaluatedBy: null,
    evaluatedAt: '2025-03-04T01:00:00.000Z',
    submissionId,
    attempt: attemptNumber,
  };
}

function team(overrides: Partial<AssignmentTeamState> = {}): AssignmentTeamState {
  return {
    teamId: 't1',
    teamNumber: 1,
    leaderName: 'Ann',
    hasLeaderEmail: true,
    latest: null,
    history: [],
    grade: null,
    ...overrides,
  };
}

const owner = { canManage: true, myTeamId: null, isLeader: false };
const leader = { canManage: false, myTeamId: 't1', isLeader: true };
const member = { canManage: false, myTeamId: 't1', isLeader: false };
const otherLeader = { canManage: false, myTeamId: 't2', isLeader: true };
const viewer = { canManage: false, myTeamId: null, isLeader: false };

describe('teamStatus', () => {
  it('is Submitted (green) with a latest attempt, Pending (yellow) without', () => {
    expect(teamStatus(team({ latest: attempt('s1', 1) }), 'open')).toEqual({
      kind: 'submitted',
      color: 'green',
      isLate: false,
    });
    expect(teamStatus(team(), 'open')).toEqual({ kind: 'pending', color: 'yellow', isLate: false });
  });

  it('turns grey once the end date has passed, and marks late work', () => {
    expect(teamStatus(team({ latest: attempt('s1', 1, true) }), 'ended')).toEqual({
      kind: 'submitted',
      color: 'gray',
      isLate: true,
    });
    expect(teamStatus(team(), 'ended').color).toBe('gray');
  });
});

describe('panelAccess', () => {
  it("opens any team's panel for the owner, the own team's for its leader (to submit) and members (to read), and refuses others", () => {
    expect(panelAccess(owner, 't1')).toBe('manage');
    expect(panelAccess(owner, 't2')).toBe('manage');
    expect(panelAccess(leader, 't1')).toBe('submit');
    expect(panelAccess(leader, 't2')).toBe('refused');
    expect(panelAccess(otherLeader, 't1')).toBe('refused');
    expect(panelAccess(member, 't1')).toBe('view');
    expect(panelAccess(member, 't2')).toBe('refused');
    expect(panelAccess(viewer, 't1')).toBe('refused');
  });
});

describe('canDownloadWork', () => {
  it('lets the owner and every member of the team download (issue 25), nobody else', () => {
    expect(canDownloadWork('manage')).toBe(true);
    expect(canDownloadWork('submit')).toBe(true);
    expect(canDownloadWork('view')).toBe(true);
    expect(canDownloadWork('refused')).toBe(false);
  });
});

describe('teamHints', () => {
  it("words a missing leader e-mail for the owner and for everyone else (spec's hints)", () => {
    const missing = team({ hasLeaderEmail: false });
    expect(teamHints(owner, missing)).toEqual(['emailNotSet']);
    expect(teamHints(viewer, missing)).toEqual(['leaderEmailNotSet']);
    expect(teamHints(owner, team())).toEqual([]);
  });

  it("tells a team's member who is not its leader that only the leader submits", () => {
    expect(teamHints(member, team())).toEqual(['onlyLeader']);
    expect(teamHints(member, team({ teamId: 't2' }))).toEqual([]);
    expect(teamHints(leader, team())).toEqual([]);
  });
});

describe('gradeTarget', () => {
  it('names the attempt a grade belongs to, or "no submission"', () => {
    expect(gradeTarget(team())).toEqual({ kind: 'none' });
    expect(gradeTarget(team({ latest: attempt('s1', 1), grade: grade('s1', 1) }))).toEqual({
      kind: 'latest',
    });
    expect(gradeTarget(team({ latest: attempt('s2', 2), grade: grade('s1', 1) }))).toEqual({
      kind: 'earlier',
      attempt: 1,
    });
    expect(gradeTarget(team({ grade: grade(null, null) }))).toEqual({ kind: 'noSubmission' });
    expect(gradeTarget(team({ latest: attempt('s1', 1), grade: grade(null, null) }))).toEqual({
      kind: 'noSubmission',
    });
  });
});

describe('submittedCount', () => {
  it('counts the teams with a latest attempt', () => {
    expect(
      submittedCount({ teams: [team({ latest: attempt('s1', 1) }), team({ teamId: 't2' })] }),
    ).toBe(1);
  });
});
