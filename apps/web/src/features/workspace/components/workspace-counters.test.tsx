// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { WorkspaceCounters } from './workspace-counters';

// Issue 27: "Workspaces Created" counted teams and "Group Size" the number of teams the
// workspace was created with; each label now says what it counts.

beforeEach(() => stubMatchMedia());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function labels() {
  render(
    <MantineProvider>
      <WorkspaceCounters counters={{ totalMembers: 9, teams: 3, groupSize: 3, fixedGroups: 1 }} />
    </MantineProvider>,
  );
  return ['totalMembers', 'teams', 'groupSize', 'fixedGroups'].map(
    (key) => screen.getByTestId(`counter-${key}`).textContent,
  );
}

it('labels each counter with what it counts, in English', async () => {
  await act(() => changeLanguage('en'));
  expect(labels()).toEqual(['Total Members9', 'Teams3', 'Teams at Creation3', 'Fixed Groups1']);
});

it('and in Korean', async () => {
  await act(() => changeLanguage('ko'));
  expect(labels()).toEqual(['전체 멤버9', '만들어진 팀3', '처음 만든 팀 수3', '고정 그룹1']);
});
