// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JoinOwnerView, RosterJoinStatusView } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { JoinPanel } from './join-panel';

// Issue 24, joining: the owner's join panel against a stubbed API: the link turned on, a new
// code only after its confirmation, a request approved and one rejected, a claim undone only
// after its confirmation, and each member's status with the invitation mail's.
const SETTLE = { timeout: 8_000 };
const API = '/api/workspaces/ws-1/join';

const OFF: JoinOwnerView = {
  link: { isEnabled: false, autoApprove: false, code: null },
  requests: [],
  claims: [],
};
const ON: JoinOwnerView = {
  link: { isEnabled: true, autoApprove: false, code: 'K7M9P2QR' },
  requests: [
    {
      id: 'r1',
      memberId: 'm1',
      memberName: 'Eve',
      teamNumber: 1,
      userName: 'Eve Account',
      userEmail: 'eve@example.com',
      createdAt: '2026-11-26T10:00:00.000Z',
    },
    {
      id: 'r2',
      memberId: 'm2',
      memberName: 'Lou',
      teamNumber: null,
      userName: 'Lou Account',
      userEmail: 'lou@example.com',
      createdAt: '2026-11-26T10:01:00.000Z',
    },
  ],
  claims: [
    {
      memberId: 'm3',
      memberName: 'Kim',
      teamNumber: 2,
      userName: 'Kim Account',
      email: 'kim@example.com',
      claimedAt: '2026-11-26T09:00:00.000Z',
    },
  ],
};
const STATUS: RosterJoinStatusView = {
  members: [
    {
      memberId: 'm1',
      name: 'Eve',
      teamNumber: 1,
      status: 'requested',
      joinedBy: null,
      invitation: null,
    },
    {
      memberId: 'm4',
      name: 'Ann',
      teamNumber: 1,
      status: 'invited',
      joinedBy: null,
      invitation: 'failed',
    },
    {
      memberId: 'm3',
      name: 'Kim',
      teamNumber: 2,
      status: 'joined',
      joinedBy: 'claim',
      invitation: 'joined',
    },
  ],
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Call = { method: string; path: string; body: unknown };

/** A stub of the owner's join API: `view` is what GET answers now; changes answer `next`. */
function serve(initial: JoinOwnerView, next: (call: Call) => JoinOwnerView = () => ON) {
  let view = initial;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, 'http://localhost').pathname;
      const call = {
        method: init?.method ?? 'GET',
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (path === `${API}/roster-status`) return json(STATUS);
      if (path === API && call.method === 'GET') return json(view);
      if (path.startsWith(API)) {
        view = next(call);
        return json(view);
      }
      return json({ error: 'route_not_found', message: 'Not found' }, 404);
    }),
  );
  return calls;
}

const changes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <JoinPanel workspaceId="ws-1" title="Design 101" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(async () => {
  stubMatchMedia();
  // jsdom has no ResizeObserver, which Mantine's scroll areas (the status table's) use.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the owner's join panel", { timeout: 20_000 }, () => {
  it('turns the link on and then shows the code and its link', async () => {
    const calls = serve(OFF);
    renderPanel();
    expect(
      await screen.findByText('The join link is off. Turn it on to show the code.', {}, SETTLE),
    ).toBeTruthy();
    expect(screen.queryByTestId('join-code')).toBeNull();
    // The switch's label wraps it with its description: the name begins with the label.
    fireEvent.click(
      screen.getByRole('switch', { name: /^Students can join with the link or code/ }),
    );
    await vi.waitFor(
      () =>
        expect(changes(calls)).toEqual([{ method: 'PATCH', path: API, body: { isEnabled: true } }]),
      SETTLE,
    );
    expect((await screen.findByTestId('join-code', {}, SETTLE)).textContent).toBe('K7M9-P2QR');
    const link = screen.getByRole<HTMLInputElement>('textbox', { name: 'Join link' });
    expect(link.value).toMatch(/\/join\/K7M9P2QR$/);
  });

  it('makes a new code only after its confirmation', async () => {
    const renewed = { ...ON, link: { ...ON.link, code: 'ABCDEFGH' } };
    const calls = serve(ON, () => renewed);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'New code' }, SETTLE));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new code?' }, SETTLE);
    expect(
      within(dialog).getByText(
        'The current code and link stop working at once. Students who already joined keep their access.',
      ),
    ).toBeTruthy();
    // Cancelled: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SETTLE);
    expect(changes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'New code' }));
    const again = await screen.findByRole('dialog', { name: 'Make a new code?' }, SETTLE);
    fireEvent.click(within(again).getByRole('button', { name: 'Make a new code' }));
    await vi.waitFor(
      () =>
        expect(changes(calls)).toEqual([{ method: 'POST', path: `${API}/code`, body: undefined }]),
      SETTLE,
    );
    await vi.waitFor(
      () => expect(screen.getByTestId('join-code').textContent).toBe('ABCD-EFGH'),
      SETTLE,
    );
  });

  it('approves one request and rejects another, each by its own labelled button', async () => {
    const calls = serve(ON, (call) => ({
      ...ON,
      requests: ON.requests.filter((request) => !call.path.includes(`/requests/${request.id}/`)),
    }));
    renderPanel();
    const requests = await screen.findByTestId('join-requests', {}, SETTLE);
    expect(within(requests).getByText('Eve Account (eve@example.com)')).toBeTruthy();
    expect(within(requests).getByText(/asks to be Eve/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Eve Account as Eve' }));
    await vi.waitFor(
      () =>
        expect(changes(calls)).toEqual([
          { method: 'POST', path: `${API}/requests/r1/approve`, body: undefined },
        ]),
      SETTLE,
    );
    await vi.waitFor(
      () => expect(screen.queryByRole('button', { name: 'Approve Eve Account as Eve' })).toBeNull(),
      SETTLE,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reject Lou Account as Lou' }));
    await vi.waitFor(
      () =>
        expect(changes(calls).at(-1)).toEqual({
          method: 'POST',
          path: `${API}/requests/r2/reject`,
          body: undefined,
        }),
      SETTLE,
    );
  });

  it('undoes a claim only after its confirmation, which names the e-mail it removes', async () => {
    const calls = serve(ON, () => ({ ...ON, claims: [] }));
    renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Undo the claim of Kim by Kim Account' }, SETTLE),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Undo this claim?' }, SETTLE);
    expect(within(dialog).getByText(/kim@example\.com is removed from Kim/)).toBeTruthy();
    expect(changes(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await vi.waitFor(
      () =>
        expect(changes(calls)).toEqual([
          { method: 'DELETE', path: `${API}/claims/m3`, body: undefined },
        ]),
      SETTLE,
    );
    expect(
      await screen.findByText('Nobody has joined with the link yet.', {}, SETTLE),
    ).toBeTruthy();
  });

  it("says each member's status in words, an invited member's with the mail's, in Korean too", async () => {
    serve(ON);
    renderPanel();
    const statuses = await screen.findByTestId('join-statuses', {}, SETTLE);
    expect(within(statuses).getByText('Requested')).toBeTruthy();
    expect(within(statuses).getByText('Invited: mail failed')).toBeTruthy();
    expect(within(statuses).getByText('Joined')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('ko');
    serve(ON);
    renderPanel();
    const korean = await screen.findByTestId('join-statuses', {}, SETTLE);
    expect(within(korean).getByText('초대됨: 메일 실패')).toBeTruthy();
    expect(within(korean).getByText('요청함')).toBeTruthy();
  });
});
