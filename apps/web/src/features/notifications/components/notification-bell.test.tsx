// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session/session-context';
import { NotificationBell } from './notification-bell';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { signedInUser } from '../../../lib/testing/signed-in-user';

const USER = signedInUser();
// Waits are for conditions; the first opening loads the modal's code, which on a busy 2-core
// machine can take seconds in the test's transform.
const SETTLE = { timeout: 8_000 };
const TEST_TIMEOUT_MS = 20_000;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://localhost').pathname;
}

/** The API as the bell meets it: the session, the counts and the first page. */
function serve(unread: number, user: typeof USER | null = USER) {
  const counts = { total: unread + 1, unread, read: 1 };
  return vi.fn((input: RequestInfo | URL) => {
    const path = pathOf(input);
    if (path === '/api/me') return Promise.resolve(json({ user }));
    if (path === '/api/notifications/counts') return Promise.resolve(json(counts));
    if (path === '/api/notifications') {
      return Promise.resolve(
        json({
          items: [
            {
              id: 'n1',
              seq: 1,
              type: 'friend_request',
              title: 'Something new',
              message: 'Of a type this client does not know',
              isRead: false,
              createdAt: new Date().toISOString(),
              data: { workspaceId: null, assignmentId: null, noteId: null, teamName: null },
            },
          ],
          nextBefore: null,
          counts,
        }),
      );
    }
    return Promise.resolve(json({ error: 'route_not_found', message: 'Not found' }, 404));
  });
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SessionProvider>{children}</SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(<NotificationBell />, { wrapper });
}

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notification bell', { timeout: TEST_TIMEOUT_MS }, () => {
  it("shows '99+' above 99 and says the count", async () => {
    vi.stubGlobal('fetch', serve(150));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 150 unread' }, SETTLE);
    expect(screen.getByTestId('notification-bell').textContent).toContain('99+');
    expect(bell.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('shows no badge with nothing unread', async () => {
    vi.stubGlobal('fetch', serve(0));
    renderBell();
    await screen.findByRole('button', { name: 'Notifications' }, SETTLE);
    expect(screen.getByTestId('notification-bell').textContent).toBe('');
  });

  it('opens the list in a modal; an unknown type gets the bell icon', async () => {
    vi.stubGlobal('fetch', serve(1));
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, SETTLE));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, SETTLE);
    const item = await within(dialog).findByTestId('notification-item', {}, SETTLE);
    expect(item.textContent).toContain('Something new');
    expect(item.querySelector('[data-kind="generic"]')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Mark as read' })).toBeTruthy();
  });

  it('signed out, the modal asks to log in and fetches no counts', async () => {
    const fetchMock = serve(3, null);
    vi.stubGlobal('fetch', fetchMock);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }, SETTLE));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, SETTLE);
    expect(within(dialog).getByText('Please log in to view notifications')).toBeTruthy();
    const paths = fetchMock.mock.calls.map(([input]) => pathOf(input));
    expect(paths).not.toContain('/api/notifications/counts');
  });
});
