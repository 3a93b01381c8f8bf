// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session/session-context';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { GradebookSection } from './gradebook-section';
import { MyGradesSection } from './my-grades-section';
import { signedInUser } from '../../../lib/testing/signed-in-user';

// Issue 25: the Gradebook and My grades load after the page (the server leaves a workspace's
// sections to the app, issue 22). Their loader is a busy status: public/after-paint.js starts
// the app right after the first paint when a page shows one. Without it, a teacher who opened
// /workspace/:id/gradebook saw "Loading grades…" until they moved the mouse (the gradebook e2e
// caught it, 2026-11-26).

const USER = signedInUser({ displayName: 'Dev', email: 'dev@example.com' });

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

beforeEach(async () => {
  stubMatchMedia();
  await i18n.changeLanguage('en');
  // The session answers; the grades never do (still on their way).
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/me'
        ? Promise.resolve(
            new Response(JSON.stringify({ user: USER }), {
              headers: { 'content-type': 'application/json' },
            }),
          )
        : new Promise<Response>(() => undefined),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detail = (role: WorkspaceDetail['role']) => ({ id: 'w1', role }) as WorkspaceDetail;

describe('the grades on their way', () => {
  it("the owner's gradebook shows a busy status", async () => {
    render(<GradebookSection detail={detail('owner')} />, { wrapper: Providers });
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toContain('Loading grades…');
  });

  it("a member's My grades shows a busy status", async () => {
    render(<MyGradesSection detail={detail('member')} />, { wrapper: Providers });
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toContain('Loading grades…');
  });
});
