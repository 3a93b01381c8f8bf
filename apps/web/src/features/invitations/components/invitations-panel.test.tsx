// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InvitationView, WorkspaceDetail } from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { InvitationsPanel } from './invitations-panel';

// The owner's Invitations panel (issue 24, decision 0021): each roster e-mail's status, Resend,
// and the server's 429 said in the interface language.
function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const item = (overrides: Partial<InvitationView>): InvitationView => ({
  memberId: 'm1',
  name: 'Ann',
  email: 'ann@example.com',
  teamNumber: 1,
  status: 'sent',
  sentAt: '2026-11-26T01:00:00.000Z',
  resendAfter: null,
  ...overrides,
});

// Only the id and the role matter to the panel.
const detail = { id: 'w1', role: 'owner' } as WorkspaceDetail;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubMatchMedia();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Invitations panel', () => {
  it('shows each status and resends one invitation with an Idempotency-Key', async () => {
    const items = [
      item({}),
      item({ memberId: 'm2', name: 'Ben', email: 'ben@example.com', status: 'joined' }),
      item({ memberId: 'm3', name: 'Cat', email: 'cat@example.com', status: 'failed' }),
      item({
        memberId: 'm4',
        name: 'Dan',
        email: 'dan@example.com',
        status: 'not_sent',
        sentAt: null,
      }),
    ];
    fetchMock.mockImplementation((_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ queued: 1, skipped: 0 }) : json({ items }),
    );
    render(<InvitationsPanel detail={detail} />, { wrapper: Providers });
    const table = await screen.findByTestId('invitations-table');
    expect(table.textContent).toContain('Invited: mail sent');
    expect(table.textContent).toContain('Joined');
    expect(table.textContent).toContain('Invited: mail failed');
    expect(table.textContent).toContain('Invited: not sent');
    // A joined member has no Resend.
    expect(screen.queryByRole('button', { name: 'Resend the invitation to Ben' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to Cat' }));
    await screen.findByText('Invitation sent again.');
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'POST');
    expect(post?.[0]).toBe('/api/workspaces/w1/invitations/m3/resend');
    expect(new Headers((post?.[1] as RequestInit).headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('says why a resend was refused (429) in the interface language', async () => {
    fetchMock.mockImplementation((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json({ error: 'invitation_recently_sent', message: 'English text' }, 429)
        : json({ items: [item({ status: 'not_sent', sentAt: null })] }),
    );
    render(<InvitationsPanel detail={detail} />, { wrapper: Providers });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend to all pending' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'An invitation was sent less than 10 minutes ago. Please wait before sending it again.',
        ),
      ).toBeTruthy(),
    );
  });
});
