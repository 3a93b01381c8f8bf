// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { buildWorkspaceDetail } from '../utils/workspace-fixture';
import { MemberEmailsModal } from './member-emails-modal';
import { stubMatchMedia } from '../../../lib/testing/match-media';

// Issue 23, one person, one roster entry, in Manage Team Member Emails: shared names are warned
// about and shown apart; a duplicate e-mail is refused next to its field, before or after sending.
function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const base = buildWorkspaceDetail();
// Dee (team 2) is renamed Ann: two members named Ann, one in each team.
const detail = {
  ...base,
  members: base.members.map((member) =>
    member.id === 'dee' ? { ...member, name: 'Ann' } : member,
  ),
};
const team2 = detail.teams[1]!;

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

function open() {
  render(<MemberEmailsModal detail={detail} team={team2} onClose={() => undefined} />, {
    wrapper: Providers,
  });
}

describe('Manage Team Member Emails with duplicates', () => {
  it('warns that two members share a name and labels them apart', () => {
    open();
    expect(screen.getByTestId('duplicate-names-warning').textContent).toBe(
      'There are two members named Ann',
    );
    expect(screen.getByLabelText('Email of Ann (Team 2)')).toBeTruthy();
  });

  it("refuses another member's e-mail next to the field without sending", async () => {
    open();
    fireEvent.change(screen.getByLabelText('Email of Ann (Team 2)'), {
      target: { value: ' ANN@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Emails' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'ann@example.com is already the e-mail of Ann (Team 1); Ann (Team 2) cannot have it too.',
        ),
      ).toBeTruthy(),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal next to the field it names", async () => {
    const message =
      'new@example.com is already the e-mail of Bob (Team 1); Ann (Team 2) cannot have it too.';
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'duplicate_member_email', message, field: 'dee' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    );
    open();
    const input = screen.getByLabelText('Email of Ann (Team 2)');
    fireEvent.change(input, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Emails' }));
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
