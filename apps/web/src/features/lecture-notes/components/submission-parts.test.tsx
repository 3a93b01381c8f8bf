// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { TaskSubmission } from '@teamshuffle/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { SubmissionDetails } from './submission-parts';

// A team's answer handed in by a member who has since moved or left says so beside their name
// (issue 24, decision 0019).

beforeEach(() => stubMatchMedia());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const ANSWER: TaskSubmission = {
  id: 's1',
  attempt: 1,
  submittedAt: '2025-03-10T01:00:00.000Z',
  isLate: false,
  submittedBy: { id: 'u1', name: 'Ben' },
  submitterNow: { state: 'moved', teamNumber: 2, teamThen: ['Ann', 'Ben'] },
  description: null,
  files: [],
  deletedAt: null,
};

function show(submission: TaskSubmission) {
  render(
    <MantineProvider>
      <SubmissionDetails submission={submission} />
    </MantineProvider>,
  );
}

describe('SubmissionDetails', () => {
  it('names the submitter and where they are now, in English and Korean', async () => {
    show(ANSWER);
    expect(screen.getByText('by Ben')).toBeTruthy();
    expect(screen.getByTestId('submitter-now').textContent).toBe('(now in Team 2)');
    expect(screen.getByTestId('team-then').textContent).toBe('In the team then: Ann, Ben');
    cleanup();
    await i18n.changeLanguage('ko');
    show({ ...ANSWER, submitterNow: { state: 'left', teamThen: ['Ann', 'Ben'] } });
    expect(screen.getByText('제출자: Ben')).toBeTruthy();
    expect(screen.getByTestId('submitter-now').textContent).toBe('(수업을 떠남)');
    expect(screen.getByTestId('team-then').textContent).toBe('그때 팀원: Ann, Ben');
  });

  it('adds nothing when the submitter is still in the team, or the field is absent', () => {
    show({ ...ANSWER, submitterNow: null });
    expect(screen.getByText('by Ben')).toBeTruthy();
    expect(screen.queryByTestId('submitter-now')).toBeNull();
    cleanup();
    const { submitterNow: _, ...older } = ANSWER;
    show(older);
    expect(screen.queryByTestId('submitter-now')).toBeNull();
  });
});
