// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { SessionProvider, useSession } from '../../../lib/session/session-context';
import { AccountLanguage } from './account-language';
import { signedInUser } from '../../../lib/testing/signed-in-user';

const USER = signedInUser({ displayName: 'Ann', email: 'ann@example.com' });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A fake server: /api/me answers `user`; every PUT /api/preferences body is recorded. */
function serve(user: typeof USER | null) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/me') return json({ user });
      if (path === '/api/preferences' && init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { language: string };
        puts.push(body);
        return json({
          lectureNoteSortOrder: 'week-asc',
          emailNotifications: false,
          reminderMail: 'none',
          language: body.language,
        });
      }
      return json({ error: 'route_not_found', message: 'Not found' });
    }),
  );
  return puts;
}

function Status() {
  return <span data-testid="status">{useSession().status}</span>;
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Status />
        <AccountLanguage />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => changeLanguage('en'));
});

describe("the account's language (decision 0041)", () => {
  it('tells the server when a signed-in account changes language, and not on load', async () => {
    const puts = serve(USER);
    const view = mount();
    await waitFor(() => expect(view.getByTestId('status').textContent).toBe('signedIn'));
    expect(puts).toEqual([]);
    await act(() => changeLanguage('ko'));
    await waitFor(() => expect(puts).toEqual([{ language: 'ko' }]));
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(puts).toEqual([{ language: 'ko' }, { language: 'en' }]));
  });

  it('tells nobody when nobody is signed in', async () => {
    const puts = serve(null);
    const view = mount();
    await waitFor(() => expect(view.getByTestId('status').textContent).toBe('signedOut'));
    await act(() => changeLanguage('ko'));
    await act(() => changeLanguage('en'));
    expect(puts).toEqual([]);
    // Nothing but the session's own question reached the server.
    const calls = vi.mocked(fetch).mock.calls;
    expect(calls.length).toBeGreaterThan(0);
    const paths = calls.map(([input]) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    expect(paths.every((path) => path.endsWith('/api/me'))).toBe(true);
  });
});
