// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { ResendVerificationButton } from './resend-verification-button';

// Issue 24: the join page's "Resend Verification Email" is the auth feature's own resend, and
// its link brings the user back to the page they are on.
beforeEach(async () => {
  stubMatchMedia();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('ResendVerificationButton', () => {
  it('asks for a new verification mail that links back to this page', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/join/K7M9P2QR');
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <ResendVerificationButton email="ann@example.com" />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/send-verification-email');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'ann@example.com',
      callbackURL: '/join/K7M9P2QR',
    });
  });

  it('is worded in Korean too', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await i18n.changeLanguage('ko');
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <ResendVerificationButton email="ann@example.com" />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: '인증 이메일 다시 보내기' })).toBeTruthy();
  });
});
