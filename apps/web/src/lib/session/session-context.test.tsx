// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AUTH_LOADING_TIMEOUT_MS } from '@teamshuffle/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './session-context';
import { signedInUser } from '../testing/signed-in-user';

const USER = signedInUser();

// How long waitFor may wait for the session to settle. Testing Library's default is 1 s of wall
// time, but speed is not what these tests check: idle, each whole test takes 0.05-0.15 s; on a busy
// machine the mocked fetch, the query and the render can take several times that. 4 s leaves room
// while a status that never comes still fails with waitFor's message, before the 5 s test timeout.
const SETTLE_TIMEOUT_MS = 4_000;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderSession() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useSession(), { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SessionProvider', () => {
  it('is signed in with the user from /api/me', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, { user: USER }))),
    );
    const { result } = renderSession();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('signedIn'), {
      timeout: SETTLE_TIMEOUT_MS,
    });
    expect(result.current.user).toEqual(USER);
    expect(result.current.isUnknown).toBe(false);
  });

  it('a 401 is simply signed out, not an unknown state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, { error: 'unauthenticated', message: 'No user' }))),
    );
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('signedOut'), {
      timeout: SETTLE_TIMEOUT_MS,
    });
    expect(result.current.user).toBeNull();
    expect(result.current.isUnknown).toBe(false);
  });

  it('a network failure is signed out with a retry', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { user: USER }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('signedOut'), {
      timeout: SETTLE_TIMEOUT_MS,
    });
    expect(result.current.isUnknown).toBe(true);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.status).toBe('signedIn'), {
      timeout: SETTLE_TIMEOUT_MS,
    });
  });

  describe('with a server that never answers', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: false });
    });

    it('gives up after AUTH_LOADING_TIMEOUT_MS: signed out, unknown, retry restarts the wait', async () => {
      const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
      vi.stubGlobal('fetch', fetchMock);
      const { result } = renderSession();
      expect(result.current.status).toBe('loading');
      await act(() => vi.advanceTimersByTimeAsync(AUTH_LOADING_TIMEOUT_MS - 1));
      expect(result.current.status).toBe('loading');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(result.current.status).toBe('signedOut');
      expect(result.current.isUnknown).toBe(true);

      act(() => result.current.retry());
      expect(result.current.status).toBe('loading');
      await act(() => vi.advanceTimersByTimeAsync(AUTH_LOADING_TIMEOUT_MS));
      expect(result.current.status).toBe('signedOut');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
