// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { AccountStatsCard } from './account-stats-card';

// Issue 27: the profile showed the spec's static zeros while the dashboard showed the real
// counts; it now shows the dashboard's figures (GET /api/dashboard, the same query).

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stats = {
  workspacesCreated: 3,
  workspacesJoined: 5,
  savedResults: 7,
  unreadNotifications: 2,
};

function figures() {
  return ['teamsCreated', 'teamsJoined', 'savedResults'].map(
    (key) => screen.getByTestId(`profile-stat-${key}`).textContent,
  );
}

it("shows the dashboard's real counts", () => {
  render(
    <MantineProvider>
      <AccountStatsCard stats={stats} isError={false} onRetry={vi.fn()} />
    </MantineProvider>,
  );
  expect(figures()).toEqual(['3', '5', '7']);
});

it('says the figures are loading, never zeros, until they come', () => {
  render(
    <MantineProvider>
      <AccountStatsCard stats={undefined} isError={false} onRetry={vi.fn()} />
    </MantineProvider>,
  );
  expect(screen.getByRole('status').textContent).toBe('Loading your statistics…');
  expect(screen.queryByText('0')).toBeNull();
});

it('offers Try again when they did not load', () => {
  const onRetry = vi.fn();
  render(
    <MantineProvider>
      <AccountStatsCard stats={undefined} isError onRetry={onRetry} />
    </MantineProvider>,
  );
  expect(screen.getByRole('alert').textContent).toContain('Your statistics could not be loaded.');
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalled();
});

it('says why there are no figures for an unverified account', () => {
  render(
    <MantineProvider>
      <AccountStatsCard
        stats={undefined}
        isError={false}
        onRetry={vi.fn()}
        unavailable="Verify your email address to see your statistics."
      />
    </MantineProvider>,
  );
  expect(screen.getByText('Verify your email address to see your statistics.')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});
