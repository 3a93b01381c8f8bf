// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LectureNote } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { WorkspaceCalendarProvider } from '../../../lib/dates/workspace-calendar';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { NoteModal } from './note-modal';

// The note form's week (issue 26, decision 0029): it follows the date in the workspace's own
// calendar, says when the date falls outside weeks 1-20, and a typed week outside 1-20 is refused
// next to the field instead of becoming 20.

const FALL = { timeZone: 'Asia/Seoul', semesterStart: '2026-09-07' };

const note = (date: string | null, week: number): LectureNote => ({
  id: 'n1',
  title: 'Sorting',
  description: '',
  week,
  date,
  isPublished: true,
  author: null,
  createdAt: '2026-09-01T00:00:00.000Z',
  updatedAt: '2026-09-01T00:00:00.000Z',
  canEdit: true,
  attachments: [],
  task: null,
});

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <WorkspaceCalendarProvider calendar={FALL}>{children}</WorkspaceCalendarProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubMatchMedia();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  if (!('fonts' in document)) {
    // Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function edit(shown: LectureNote) {
  render(<NoteModal workspaceId="w1" opened note={shown} onClose={() => undefined} />, {
    wrapper: Providers,
  });
}

describe("the note form's week in the course calendar", () => {
  it('says when the date falls outside weeks 1-20 of the semester', () => {
    edit(note('2027-02-01', 20));
    expect(screen.getByTestId('note-week-outside').textContent).toBe(
      'This date falls outside weeks 1-20 of the semester',
    );
    cleanup();
    edit(note('2026-11-26', 12));
    expect(screen.queryByTestId('note-week-outside')).toBeNull();
  });

  it('follows the date from the semester start when asked to', () => {
    edit(note('2026-11-26', 3));
    expect(screen.getByTestId('note-week').textContent).toBe('Week 3: set by hand');
    fireEvent.click(screen.getByRole('button', { name: "Use the date's week" }));
    expect(screen.getByTestId('note-week').textContent).toBe('Week 12: follows the date');
  });

  it('refuses a typed week outside 1-20 next to the field instead of making it 20', async () => {
    edit(note('2026-11-26', 12));
    const week = screen.getByLabelText<HTMLInputElement>('Week');
    fireEvent.change(week, { target: { value: '25' } });
    fireEvent.blur(week);
    await waitFor(() => expect(screen.getByText('The week must be from 1 to 20')).toBeTruthy());
    expect(week.value).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: /save|update/i }));
    await waitFor(() => expect(screen.getByText('The week must be from 1 to 20')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
