// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RosterLogPage, WorkspaceDetail } from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { ManageRosterSection } from './manage-roster-section';

// The owner's "Manage roster" (issue 24, decision 0019): each member's actions menu, the
// confirmation dialogs that state the rules, what is sent (with an Idempotency-Key), the
// server's refusals, and the activity log.

const T1 = '00000000-0000-4000-8000-0000000000a1';
const T2 = '00000000-0000-4000-8000-0000000000a2';
const ANN = '00000000-0000-4000-8000-0000000000b1';
const BOB = '00000000-0000-4000-8000-0000000000b2';
const CY = '00000000-0000-4000-8000-0000000000b3';

function buildDetail(): WorkspaceDetail {
  const member = (id: string, name: string, teamId: string, email: string | null) => ({
    id,
    name,
    teamId,
    email,
    hasEmail: email !== null,
    photoUrl: null,
    isVerified: false,
    isLeader: id === ANN,
  });
  return {
    id: 'w1',
    slug: 'course',
    title: 'Course',
    isPublic: false,
    groupSize: 2,
    createdAt: '2025-03-03T00:00:00.000Z',
    timeZone: 'Asia/Seoul',
    semesterStart: '2025-03-03',
    reminderHoursBefore: 24,
    role: 'owner',
    myMemberId: null,
    myTeamId: null,
    counters: { totalMembers: 3, teams: 2, groupSize: 2, fixedGroups: 0 },
    teams: [
      { id: T1, number: 1, leaderMemberId: ANN, memberIds: [ANN, BOB] },
      { id: T2, number: 2, leaderMemberId: null, memberIds: [CY] },
    ],
    members: [
      member(ANN, 'Ann', T1, 'ann@example.com'),
      member(BOB, 'Bob', T1, null),
      member(CY, 'Cy', T2, null),
    ],
    fixedPairs: [],
    keepApart: [],
    lockedTeams: [],
    preferences: { lectureNoteSortOrder: 'week-asc' },
  };
}

const LOG: RosterLogPage = {
  entries: [
    {
      id: '7',
      at: '2025-03-10T01:00:00.000Z',
      kind: 'member_moved',
      actor: { id: 'u1', name: 'Owner' },
      memberName: 'Dee',
      before: { teamNumber: 1, leaderOfTeamNumber: 1 },
      after: { teamNumber: 2, leaderOfTeamNumber: null },
      teamThen: ['Ann', 'Bob', 'Dee'],
    },
    {
      id: '6',
      at: '2025-03-09T01:00:00.000Z',
      kind: 'member_removed',
      actor: null,
      memberName: 'Eve',
      before: { name: 'Eve', email: null, teamNumber: 2 },
      after: null,
      teamThen: ['Cy', 'Eve'],
    },
  ],
  nextBefore: '6',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Fetch>>;
beforeEach(() => {
  stubMatchMedia();
  // jsdom has no ResizeObserver, which Mantine's Select (its dropdown's scroll area) uses.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  fetchMock = vi.fn<Fetch>((url) => {
    if (url.includes('/roster/activity')) {
      return Promise.resolve(
        json(url.includes('before=6') ? { entries: [], nextBefore: null } : LOG),
      );
    }
    return Promise.resolve(json({ error: 'not_found', message: 'Not found.' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function open() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    );
  }
  render(<ManageRosterSection detail={buildDetail()} />, { wrapper: Providers });
}

const sent = () =>
  fetchMock.mock.calls
    .map(([url, init]) => ({ url, init }))
    .filter((call) => call.init?.method !== undefined && call.init.method !== 'GET');

async function openAction(menuLabel: string, action: string) {
  fireEvent.click(screen.getByRole('button', { name: menuLabel }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
  return screen.findByRole('dialog');
}

describe('Manage roster', () => {
  it('moves a leader to another team after a confirmation that states the rules', async () => {
    open();
    const dialog = await openAction('Actions for Ann', 'Move to team');
    expect(within(dialog).getByText('Move Ann to another team')).toBeTruthy();
    expect(within(dialog).getByText('Ann is now in Team 1.')).toBeTruthy();
    const rules = within(dialog).getByTestId('roster-rules');
    expect(rules.textContent).toContain(
      'Individual task answers and their grades follow the person.',
    );
    expect(rules.textContent).toContain('stays with the team it was handed in under');
    expect(within(dialog).getByTestId('leader-warning').textContent).toBe(
      'Ann leads Team 1 and will stop leading it.',
    );

    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        json({
          memberId: ANN,
          name: 'Ann',
          teamNumber: 2,
          isChanged: true,
          leaderOfTeamNumber: 1,
          individualWorkMoved: 1,
        }),
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move member' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    const [call] = sent();
    expect(call!.url).toBe(`/api/workspaces/w1/roster/members/${ANN}/team`);
    expect(call!.init!.method).toBe('PUT');
    expect(JSON.parse(call!.init!.body as string)).toEqual({ teamId: T2 });
    expect(new Headers(call!.init!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("adds a member and shows the server's duplicate e-mail refusal next to the field", async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('roster-rules')).toBeTruthy();
    // Nothing is sent without a name.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(sent()).toHaveLength(0);

    const message =
      'ann@example.com is already the e-mail of Ann (Team 1); Zed (Team 1) cannot have it too.';
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(json({ error: 'duplicate_member_email', message, field: 'email' }, 400)),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: ' Zed ' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(within(dialog).getByText(message)).toBeTruthy());
    const [call] = sent();
    expect(call!.url).toBe('/api/workspaces/w1/roster/members');
    expect(JSON.parse(call!.init!.body as string)).toEqual({
      name: 'Zed',
      email: 'ann@example.com',
      teamId: T1,
    });
  });

  it('confirms a removal with the rules, in Korean too', async () => {
    await i18n.changeLanguage('ko');
    open();
    const dialog = await openAction('Bob 작업', '삭제');
    expect(within(dialog).getByText('Bob님을 수업에서 삭제할까요?')).toBeTruthy();
    expect(within(dialog).getByTestId('roster-rules').textContent).toContain(
      '삭제된 멤버의 제출물은 지워지지 않고 남으며',
    );
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        json({
          memberId: BOB,
          name: 'Bob',
          teamNumber: null,
          isChanged: true,
          leaderOfTeamNumber: null,
          individualWorkMoved: 0,
        }),
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '멤버 삭제' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.init!.method).toBe('DELETE');
  });

  it('lists the activity log newest first, with who was in the team then, and loads older pages', async () => {
    open();
    const items = await screen.findAllByTestId('roster-event');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'Dee was moved from Team 1 to Team 2.',
      'Eve was removed from the course (was in Team 2).',
    ]);
    expect(items[0]!.textContent).toContain('Dee no longer leads Team 1.');
    expect(items[0]!.textContent).toContain('In Team 1 then: Ann, Bob, Dee');
    expect(items[0]!.textContent).toContain('by Owner');
    expect(items[1]!.textContent).toContain('by a deleted account');
    fireEvent.click(screen.getByRole('button', { name: 'Load older changes' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.includes('before=6'))).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load older changes' })).toBeNull(),
    );
  });
});
