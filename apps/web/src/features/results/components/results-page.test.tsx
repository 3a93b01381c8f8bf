// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { ResultsPage } from './results-page';

// Issue 27: Saved Results (where Load Result starts) showed a bare spinner while the session and
// the list loaded; it shows its frame with skeleton cards.

type FakeSession = { status: string; user: { id: string; isVerified: boolean } | null };
const session = vi.hoisted(() => ({ current: null as FakeSession | null }));
vi.mock('../../../lib/session/session-context', () => ({ useSession: () => session.current }));
vi.mock('../api/list-results', () => ({
  useResults: () => ({ isPending: true, isError: false, data: undefined }),
}));

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ResultsPage onOpen={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

it('shows the page frame, titled, while the session is checked', () => {
  session.current = { status: 'loading', user: null };
  renderPage();
  expect(screen.getByTestId('page-skeleton')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Saved Results');
  expect(document.querySelector('.mantine-Loader-root')).toBeNull();
});

it('shows skeleton cards while the list loads', () => {
  session.current = { status: 'signedIn', user: { id: 'u1', isVerified: true } };
  renderPage();
  expect(screen.getByTestId('card-grid-skeleton')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Loading saved results…');
  expect(document.querySelector('.mantine-Loader-root')).toBeNull();
});
