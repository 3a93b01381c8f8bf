// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { AssignmentAttempt } from '@teamshuffle/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { AttemptView } from './attempt-view';

// An assignment attempt handed in by a leader who has since moved or left says so beside their
// name (issue 24, decision 0019).

beforeEach(() => stubMatchMedia());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const ATTEMPT: AssignmentAttempt = {
  id: 'a1',
  attempt: 2,
  submittedAt: '2025-03-10T01:00:00.000Z',
  isLate: false,
  submittedBy: { id: 'u1', name: 'Ben' },
  submitterNow: { state: 'left', teamThen: ['Ann', 'Ben', 'Cy'] },
  notes: null,
  files: [],
  deletedAt: null,
  evaluation: null,
};

function show(attempt: AssignmentAttempt) {
  render(
    <MantineProvider>
      <AttemptView attempt={attempt} canDownload={false} />
    </MantineProvider>,
  );
}

describe('AttemptView', () => {
  it('says the submitter left the course, or where they are now, in English and Korean', async () => {
    show(ATTEMPT);
    expect(screen.getByText('by Ben')).toBeTruthy();
    expect(screen.getByTestId('submitter-now').textContent).toBe('(left the course)');
    expect(screen.getByTestId('team-then').textContent).toBe('In the team then: Ann, Ben, Cy');
    cleanup();
    await i18n.changeLanguage('ko');
    show({ ...ATTEMPT, submitterNow: { state: 'moved', teamNumber: 3, teamThen: ['Ann'] } });
    expect(screen.getByTestId('submitter-now').textContent).toBe('(지금 3팀)');
    expect(screen.getByTestId('submitter-now').getAttribute('title')).toBe(
      'Ben님은 지금 3팀에 있습니다.',
    );
  });

  it('adds nothing while the submitter is in the team', () => {
    show({ ...ATTEMPT, submitterNow: null });
    expect(screen.getByText('by Ben')).toBeTruthy();
    expect(screen.queryByTestId('submitter-now')).toBeNull();
  });
});
