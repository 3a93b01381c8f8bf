// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { stubMatchMedia } from '../../lib/testing/match-media';
import { LandingRoute } from './landing';

// Issue 27: a browser that was signed in waited for its session (and the dashboard's code) on a
// bare spinner; it sees the dashboard's frame with skeletons.

vi.mock('../../lib/session/session-context', () => ({
  useSession: () => ({ status: 'loading', user: null }),
}));
vi.mock('../../lib/session/signed-in-hint', () => ({ wasSignedIn: () => true }));

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows the page frame with skeletons while a signed-in session is checked', () => {
  render(
    <MantineProvider>
      <LandingRoute />
    </MantineProvider>,
  );
  expect(screen.getByTestId('page-skeleton')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Loading…');
  expect(document.querySelector('.mantine-Loader-root')).toBeNull();
});
