import type { IndividualTaskState, TaskSubmission } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  individualPanelAccess,
  individualProgress,
  ownSubmission,
  submissionStatus,
  teamPanelAccess,
  teamTaskStatus,
} from './task-view';
import type { TaskViewer } from './task-view';

const submission = (attempt: number, by: string | null = 'u1'): TaskSubmission => ({
  id: `s${attempt}`,
  attempt,
  submittedAt: '2025-03-10T01:00:00Z',
  isLate: false,
  submittedBy: by === null ? null : { id: by, name: by },
  description: null,
  files: null,
});

const viewer = (overrides: Partial<TaskViewer> = {}): TaskViewer => ({
  userId: 'u1',
  role: 'member',
  myTeamId: 't1',
  isLeader: false,
  ...overrides,
});

describe('who may open which team panel (spec part 2, section 6)', () => {
  it("team task: the leader submits, the team's members follow, the owner evaluates any team", () => {
    expect(teamPanelAccess(viewer({ role: 'leader', isLeader: true }), 't1')).toBe('submit');
    expect(teamPanelAccess(viewer(), 't1')).toBe('follow');
    expect(teamPanelAccess(viewer(), 't2')).toBeNull();
    expect(teamPanelAccess(viewer({ role: 'leader', isLeader: true }), 't2')).toBeNull();
    expect(teamPanelAccess(viewer({ role: 'owner', myTeamId: null }), 't2')).toBe('evaluate');
    expect(teamPanelAccess(viewer({ role: 'viewer', myTeamId: null }), 't1')).toBeNull();
    expect(teamPanelAccess(viewer({ userId: null, role: 'viewer', myTeamId: null }), 't1')).toBe(
      null,
    );
  });

  it('individual task: each member of the team submits; the owner only views', () => {
    expect(individualPanelAccess(viewer(), 't1')).toBe('submit');
    expect(individualPanelAccess(viewer({ role: 'leader', isLeader: true }), 't1')).toBe('submit');
    expect(individualPanelAccess(viewer(), 't2')).toBeNull();
    expect(individualPanelAccess(viewer({ role: 'owner', myTeamId: null }), 't1')).toBe('view');
    expect(individualPanelAccess(viewer({ role: 'viewer', myTeamId: null }), 't1')).toBeNull();
    expect(individualPanelAccess(viewer({ userId: null }), 't1')).toBeNull();
  });
});

describe('the status badge (spec part 2, section 4)', () => {
  it('Pending without an answer, then Submitted with the count: 1 green, 2 blue, more purple', () => {
    expect(teamTaskStatus({ current: null })).toEqual({ kind: 'pending' });
    expect(teamTaskStatus({ current: submission(1) })).toEqual({
      kind: 'submitted',
      count: 1,
      color: 'green',
    });
    expect(teamTaskStatus({ current: submission(2) })).toMatchObject({ color: 'blue' });
    expect(submissionStatus(submission(5))).toMatchObject({ count: 5, color: 'purple' });
    expect(submissionStatus(undefined)).toEqual({ kind: 'pending' });
  });
});

describe('individual progress (spec part 2, section 4)', () => {
  const state = (submittedCount: number, memberCount: number) => ({ submittedCount, memberCount });

  it('green and Team Complete when everyone submitted, yellow from half, blue below', () => {
    expect(individualProgress(state(3, 3))).toEqual({
      submitted: 3,
      total: 3,
      percent: 100,
      isComplete: true,
      color: 'green',
    });
    expect(individualProgress(state(2, 4))).toMatchObject({ isComplete: false, color: 'yellow' });
    expect(individualProgress(state(1, 3))).toMatchObject({ percent: 33, color: 'blue' });
    expect(individualProgress(state(0, 0))).toMatchObject({ percent: 0, isComplete: false });
  });

  it("finds the caller's own submission among the team's", () => {
    const team: Pick<IndividualTaskState, 'submissions'> = {
      submissions: [submission(1, 'u2'), submission(2, 'u1')],
    };
    expect(ownSubmission(team, 'u1')?.id).toBe('s2');
    expect(ownSubmission(team, 'u3')).toBeNull();
    expect(ownSubmission(team, null)).toBeNull();
  });
});
