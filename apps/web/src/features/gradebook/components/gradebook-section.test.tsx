// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Gradebook, GradebookCell, WorkspaceDetail } from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { GradebookSection } from './gradebook-section';

// The owner's gradebook (issue 25, decision 0024): cells with marks, and quick grading by
// keyboard (type, Enter, arrows) through the existing evaluation route.
function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const TEAM1 = '11111111-1111-4111-8111-111111111111';
const ITEM = '22222222-2222-4222-8222-222222222222';
const cell = (overrides: Partial<GradebookCell> = {}): GradebookCell => ({
  score: null,
  gradedScore: null,
  feedback: '',
  teamNumber: 1,
  flags: [],
  overrideReason: null,
  ...overrides,
});
const totals = {
  categories: { assignments: null, tasks: null, peer: null },
  finalPercent: null,
  letter: null,
};
const book: Gradebook = {
  items: [
    {
      kind: 'assignment',
      id: ITEM,
      label: 'A1',
      title: 'Essay',
      category: 'assignments',
      dueAt: null,
      isReleased: true,
    },
  ],
  teams: [{ teamId: TEAM1, teamNumber: 1 }],
  rows: [
    {
      memberId: 'm1',
      name: 'Ann',
      teamId: TEAM1,
      teamNumber: 1,
      cells: [
        cell({
          score: 0,
          gradedScore: 80,
          feedback: 'Good',
          flags: ['overridden'],
          overrideReason: 'Absent',
        }),
      ],
      totals,
    },
    {
      memberId: 'm2',
      name: 'Ben',
      teamId: TEAM1,
      teamNumber: 1,
      cells: [cell({ flags: ['late'] })],
      totals,
    },
  ],
  weights: { assignments: 1, tasks: 1, peer: 1 },
  isDefaultWeights: true,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  stubMatchMedia();
  // The strings load on demand (lib/i18n): without them the first render throws.
  await i18n.changeLanguage('en');
  fetchMock = vi.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(init?.method === 'POST' ? json({}) : json(book)),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the gradebook', () => {
  it('shows marks, and grades a team by typing a score and Enter', async () => {
    render(<GradebookSection detail={{ id: 'w1', role: 'owner' } as WorkspaceDetail} />, {
      wrapper: Providers,
    });
    const cells = await screen.findAllByTestId('gradebook-cell');
    expect(cells[0]!.querySelector('[data-flag="overridden"]')).not.toBeNull();
    expect(cells[1]!.querySelector('[data-flag="late"]')).not.toBeNull();
    // Arrow down to Ben's cell, type 7 then 5, Enter.
    fireEvent.keyDown(cells[0]!, { key: 'ArrowDown' });
    fireEvent.keyDown(cells[1]!, { key: '7' });
    const input = await screen.findByDisplayValue('7');
    fireEvent.change(input, { target: { value: '75' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) => (init as RequestInit)?.method === 'POST'),
      ).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit)?.method === 'POST',
    ) as [string, RequestInit];
    expect(url).toBe(`/api/workspaces/w1/assignments/${ITEM}/evaluations`);
    expect(JSON.parse(init.body as string)).toEqual({ teamId: TEAM1, score: 75, feedback: '' });
  });

  it('refuses a score out of range without calling the server', async () => {
    render(<GradebookSection detail={{ id: 'w1', role: 'owner' } as WorkspaceDetail} />, {
      wrapper: Providers,
    });
    const cells = await screen.findAllByTestId('gradebook-cell');
    fireEvent.keyDown(cells[1]!, { key: '9' });
    const input = await screen.findByDisplayValue('9');
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Score must be between 0 and 100');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit)?.method === 'POST')).toBe(
      false,
    );
  });
});
