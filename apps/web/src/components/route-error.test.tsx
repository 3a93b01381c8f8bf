// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { stubMatchMedia } from '../lib/testing/match-media';
import { RouteErrorBoundary } from './route-error';

// The page's error boundary stays across the addresses of one page (a workspace's sections): an
// address change clears an error shown, and leaves a page without one as it is, its state kept.

beforeEach(() => {
  stubMatchMedia();
  // React and RouteError report the thrown error; the test expects it.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let mounts = 0;

function Section({ fails, name }: { fails: boolean; name: string }) {
  // State made once per mount: a remount would count again.
  const [mount] = useState(() => ++mounts);
  if (fails) throw new Error(`${name} failed`);
  return <p>{`${name}, mount ${mount}`}</p>;
}

function page(resetKey: string, fails: boolean, name: string) {
  return (
    <MantineProvider>
      <RouteErrorBoundary resetKey={resetKey}>
        <Section fails={fails} name={name} />
      </RouteErrorBoundary>
    </MantineProvider>
  );
}

describe('RouteErrorBoundary', () => {
  it('keeps a page without an error mounted when the address changes', () => {
    mounts = 0;
    const view = render(page('/workspace/w/notes', false, 'Notes'));
    expect(screen.getByText('Notes, mount 1')).toBeTruthy();
    view.rerender(page('/workspace/w', false, 'Overview'));
    expect(screen.getByText('Overview, mount 1')).toBeTruthy();
  });

  it('shows the error, and clears it when the address changes, not before', () => {
    mounts = 0;
    const view = render(page('/workspace/w/scores', true, 'Scores'));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    // Same address: the error stays, even though the section would render now.
    view.rerender(page('/workspace/w/scores', false, 'Scores'));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    view.rerender(page('/workspace/w/notes', false, 'Notes'));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(screen.getByText(/^Notes, mount \d$/)).toBeTruthy();
  });
});
