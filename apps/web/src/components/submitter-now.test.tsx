// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { SubmitterNow } from '@teamshuffle/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { i18n } from '../lib/i18n';
import { stubMatchMedia } from '../lib/testing/match-media';
import { SubmitterNowNote } from './submitter-now';

// "handed in by Ben (now in Team 2)" / "(left the course)" beside a submission's submitter
// (issue 24, decision 0019), in English and Korean.

beforeEach(() => stubMatchMedia());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function show(now: SubmitterNow | null) {
  render(
    <MantineProvider>
      <SubmitterNowNote name="Ben" now={now} />
    </MantineProvider>,
  );
}

const MOVED: SubmitterNow = { state: 'moved', teamNumber: 2, teamThen: ['Ann', 'Ben', 'Cy'] };

describe('SubmitterNowNote', () => {
  it('says where a moved submitter is now, and who was in the team then', () => {
    show(MOVED);
    const note = screen.getByTestId('submitter-now');
    expect(note.textContent).toBe('(now in Team 2)');
    expect(note.getAttribute('title')).toBe('Ben is now in Team 2.');
    expect(note.dataset.state).toBe('moved');
    expect(screen.getByTestId('team-then').textContent).toBe('In the team then: Ann, Ben, Cy');
  });

  it('says a removed submitter left the course; no team list when there is none', () => {
    show({ state: 'left', teamThen: [] });
    const note = screen.getByTestId('submitter-now');
    expect(note.textContent).toBe('(left the course)');
    expect(note.getAttribute('title')).toBe('Ben has since left the course.');
    expect(screen.queryByTestId('team-then')).toBeNull();
  });

  it('says a submitter on the roster in no team is in no team', () => {
    show({ state: 'moved', teamNumber: null, teamThen: ['Ben'] });
    expect(screen.getByTestId('submitter-now').textContent).toBe('(now in no team)');
    expect(screen.getByTestId('submitter-now').getAttribute('title')).toBe(
      'Ben is now in no team.',
    );
  });

  it('says nothing while the submitter is still in the team', () => {
    show(null);
    expect(screen.queryByTestId('submitter-now')).toBeNull();
    expect(screen.queryByTestId('team-then')).toBeNull();
  });

  it('says it all in Korean', async () => {
    await i18n.changeLanguage('ko');
    show(MOVED);
    const note = screen.getByTestId('submitter-now');
    expect(note.textContent).toBe('(지금 2팀)');
    expect(note.getAttribute('title')).toBe('Ben님은 지금 2팀에 있습니다.');
    expect(screen.getByTestId('team-then').textContent).toBe('그때 팀원: Ann, Ben, Cy');
    cleanup();
    show({ state: 'left', teamThen: ['Ann'] });
    expect(screen.getByTestId('submitter-now').textContent).toBe('(수업을 떠남)');
    expect(screen.getByTestId('submitter-now').getAttribute('title')).toBe(
      'Ben님은 그 뒤 수업을 떠났습니다.',
    );
    cleanup();
    show({ state: 'moved', teamNumber: null, teamThen: [] });
    expect(screen.getByTestId('submitter-now').textContent).toBe('(지금 팀 없음)');
  });
});
