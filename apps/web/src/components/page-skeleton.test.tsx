// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { stubMatchMedia } from '../lib/testing/match-media';
import { WorkspaceLoading } from './workspace-loading';

// Issue 27: the workspace (right after Create Team) showed a bare spinner while it loaded; it
// shows the page's frame with skeletons, and keeps the spec's visible label as its status.

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("the workspace pages' loading state is the page's frame with its label as the status", () => {
  render(
    <MantineProvider>
      <WorkspaceLoading label="Loading Team..." />
    </MantineProvider>,
  );
  expect(screen.getByTestId('page-skeleton')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Loading Team...');
  expect(document.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(4);
  expect(document.querySelector('.mantine-Loader-root')).toBeNull();
});
