// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { CalendarFeedCard } from './calendar-feed-card';

const SETTLE = { timeout: 4_000 };
const URL_1 = `https://teamshuffle.example/api/calendar/${'a'.repeat(43)}.ics`;
const URL_2 = `https://teamshuffle.example/api/calendar/${'b'.repeat(43)}.ics`;
const MADE = '2026-11-20T09:00:00.000Z';

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const answer = (body: unknown, status = 200) =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });

/** A fake API: the answers of each method in turn, and every call made. */
function stubApi(answers: Record<'GET' | 'POST' | 'DELETE', Response[]>) {
  const calls: string[] = [];
  const fetchMock = vi.fn((path: string, init: RequestInit) => {
    const method = (init.method ?? 'GET') as 'GET' | 'POST' | 'DELETE';
    calls.push(`${method} ${path}`);
    const next = answers[method].shift();
    return Promise.resolve(next ?? answer({ error: 'internal', message: 'x' }, 500));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  stubMatchMedia();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the calendar feed card', () => {
  it('explains the feed, makes it and shows its address once with a copy button', async () => {
    const calls = stubApi({
      GET: [answer({ isActive: false, createdAt: null })],
      POST: [answer({ url: URL_1, createdAt: MADE }, 201)],
      DELETE: [],
    });
    render(<CalendarFeedCard />, { wrapper: Providers });
    expect(screen.getByText(/Google Calendar, Outlook/)).toBeTruthy();
    expect(await screen.findByText('You have no calendar feed.', {}, SETTLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create calendar feed' }));
    const address = await screen.findByLabelText('Your calendar feed address', {}, SETTLE);
    expect((address as HTMLInputElement).value).toBe(URL_1);
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(screen.getByText(/Your calendar feed is on since/)).toBeTruthy();
    expect(calls).toEqual(['GET /api/me/calendar-feed', 'POST /api/me/calendar-feed']);
  });

  it('asks before a new address, which replaces the shown one; cancelling changes nothing', async () => {
    const calls = stubApi({
      GET: [answer({ isActive: false, createdAt: null })],
      POST: [
        answer({ url: URL_1, createdAt: MADE }, 201),
        answer({ url: URL_2, createdAt: MADE }, 201),
      ],
      DELETE: [],
    });
    render(<CalendarFeedCard />, { wrapper: Providers });
    fireEvent.click(await screen.findByRole('button', { name: 'Create calendar feed' }, SETTLE));
    await screen.findByDisplayValue(URL_1, {}, SETTLE);

    fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new address?' }, SETTLE);
    expect(dialog.textContent).toContain('The old address stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SETTLE);
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    const again = await screen.findByRole('dialog', { name: 'Make a new address?' }, SETTLE);
    fireEvent.click(within(again).getByRole('button', { name: 'Make a new address' }));
    expect(await screen.findByDisplayValue(URL_2, {}, SETTLE)).toBeTruthy();
    expect(screen.queryByDisplayValue(URL_1)).toBeNull();
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(2);
  });

  it('turns an existing feed off after asking, without ever showing its address', async () => {
    const calls = stubApi({
      GET: [answer({ isActive: true, createdAt: MADE })],
      POST: [],
      DELETE: [answer(null, 204)],
    });
    render(<CalendarFeedCard />, { wrapper: Providers });
    expect(await screen.findByText(/Your calendar feed is on since/, {}, SETTLE)).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar feed address')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Turn off the calendar feed?' },
      SETTLE,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('You have no calendar feed.', {}, SETTLE)).toBeTruthy();
    expect(calls).toContain('DELETE /api/me/calendar-feed');
  });

  it('shows a failure to check with a retry, in Korean too', async () => {
    await i18n.changeLanguage('ko');
    stubApi({
      GET: [
        answer({ error: 'internal', message: 'x' }, 500),
        answer({ isActive: false, createdAt: null }),
      ],
      POST: [],
      DELETE: [],
    });
    render(<CalendarFeedCard />, { wrapper: Providers });
    const alert = await screen.findByRole('alert', {}, SETTLE);
    expect(alert.textContent).toContain('캘린더 피드를 확인하지 못했습니다');
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('button', { name: '캘린더 피드 만들기' }, SETTLE)).toBeTruthy();
  });
});
