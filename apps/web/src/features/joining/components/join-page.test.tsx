// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errors } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session/session-context';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { JoinPage } from './join-page';
import { signedInUser } from '../../../lib/testing/signed-in-user';

// Issue 24, joining: the student's /join and /join/{code} pages against a stubbed API.
const USER = signedInUser({ displayName: 'Ann', email: 'ann@example.com' });
const SETTLE = { timeout: 8_000 };
const WORKSPACE = { id: 'ws-1', title: 'Design 101' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Call = { method: string; path: string; body: unknown; idempotencyKey?: string | null };

function serve(
  preview: (call: Call) => Response,
  user: typeof USER | null = USER,
  claim: (call: Call) => Response = () =>
    json({ state: 'pending', workspaceId: 'ws-1', memberName: 'Ann Lee' }),
) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const call: Call = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    if (call.method === 'POST') {
      call.idempotencyKey = new Headers(init?.headers).get('Idempotency-Key');
    }
    if (path === '/api/me') return json({ user });
    if (path.endsWith('/claims')) return claim(call);
    if (path.startsWith('/api/join/')) return preview(call);
    return json({ error: 'route_not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <SessionProvider>
            <Routes>
              <Route path="/join" element={<JoinPage code={null} />} />
              <Route path="/join/:code" element={<CodeRoute />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function CodeRoute() {
  const location = useLocation();
  return (
    <JoinPage
      code={decodeURIComponent(location.pathname.split('/')[2] ?? '')}
      resendVerification={(email) => <button type="button">Resend to {email}</button>}
    />
  );
}

beforeEach(async () => {
  stubMatchMedia();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the join page', { timeout: 20_000 }, () => {
  it('reads a typed code in any case with dashes and refuses what is no code', async () => {
    serve(() => json({ state: 'member', workspace: WORKSPACE }));
    renderAt('/join');
    const input = await screen.findByLabelText('Join code', {}, SETTLE);
    fireEvent.change(input, { target: { value: 'ab1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('A join code has 6 to 8 letters and digits.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'k7m9-p2qr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Opened at its own address: already a member, so taken on to the workspace.
    await screen.findByText('/workspace/ws-1', {}, SETTLE);
  });

  it('asks a signed-out visitor to sign in or sign up', async () => {
    const calls = serve(() => json({ state: 'member', workspace: WORKSPACE }), null);
    renderAt('/join/K7M9P2QR');
    expect(await screen.findByText('Sign in to join', {}, SETTLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/join/'))).toBe(false);
  });

  it('offers the unclaimed names by team and sends the pick after a confirmation', async () => {
    const calls = serve(() =>
      json({
        state: 'choose',
        workspace: WORKSPACE,
        autoApprove: false,
        teams: [
          { number: 1, members: [{ id: 'm1', name: 'Ann Lee' }] },
          { number: null, members: [{ id: 'm9', name: 'Late Lou' }] },
        ],
      }),
    );
    renderAt('/join/k7m9-p2qr');
    expect(await screen.findByText('You are joining Design 101', {}, SETTLE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Team 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Not in a team' })).toBeTruthy();
    expect(calls.find((call) => call.path.startsWith('/api/join/'))?.path).toBe(
      '/api/join/K7M9P2QR',
    );

    fireEvent.click(screen.getByRole('button', { name: 'I am Ann Lee' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, I am Ann Lee' }, SETTLE));
    await vi.waitFor(() => {
      const claim = calls.find((call) => call.path.endsWith('/claims'));
      expect(claim).toMatchObject({
        method: 'POST',
        path: '/api/join/K7M9P2QR/claims',
        body: { memberId: 'm1' },
      });
      // One key per pick, sent again on its retries (a lost answer returns the first answer).
      expect(claim?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    }, SETTLE);
  });

  it('lets a student withdraw their waiting request, and then offers the names again', async () => {
    let isPending = true;
    const calls = serve((call) => {
      if (call.method === 'DELETE') {
        isPending = false;
        return new Response(null, { status: 204 });
      }
      return json(
        isPending
          ? {
              state: 'pending',
              workspace: WORKSPACE,
              request: { id: 'r1', memberId: 'm1', memberName: 'Ann Lee' },
            }
          : {
              state: 'choose',
              workspace: WORKSPACE,
              autoApprove: false,
              teams: [{ number: 1, members: [{ id: 'm1', name: 'Ann Lee' }] }],
            },
      );
    });
    renderAt('/join/K7M9P2QR');
    expect(await screen.findByTestId('join-pending', {}, SETTLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw my request' }));
    await vi.waitFor(
      () =>
        expect(calls.find((call) => call.method === 'DELETE')).toEqual({
          method: 'DELETE',
          path: '/api/join/K7M9P2QR/requests/r1',
          body: undefined,
        }),
      SETTLE,
    );
    expect(await screen.findByRole('button', { name: 'I am Ann Lee' }, SETTLE)).toBeTruthy();
  });

  it('offers an account whose e-mail is not verified the verification mail again', async () => {
    const calls = serve(() => json({ state: 'member', workspace: WORKSPACE }), {
      ...USER,
      emailVerified: false,
      isVerified: false,
    });
    renderAt('/join/K7M9P2QR');
    expect(await screen.findByText('Verify your e-mail first', {}, SETTLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend to ann@example.com' })).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/join/'))).toBe(false);
  });

  it('says why a code is refused, in Korean too', async () => {
    serve(() =>
      json({ error: 'join_link_disabled', message: errors.join_link_disabled.message }, 403),
    );
    renderAt('/join/K7M9P2QR');
    expect(
      await screen.findByText(
        'This join link is turned off. Ask your teacher to turn it on.',
        {},
        SETTLE,
      ),
    ).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('ko');
    serve(() => json({ error: 'join_too_many_attempts', message: 'Please wait 15 minutes' }, 429));
    renderAt('/join/K7M9P2QR');
    expect(
      await screen.findByText(
        '잘못된 참여 코드를 너무 많이 입력했습니다. 15분 뒤에 다시 시도해 주세요.',
        {},
        SETTLE,
      ),
    ).toBeTruthy();
  });

  it('has English and Korean words for every join refusal of the catalogue', async () => {
    const ids = Object.keys(errors).filter((id) => id.startsWith('join_'));
    expect(ids.length).toBeGreaterThan(5);
    await i18n.changeLanguage('ko');
    for (const lng of ['en', 'ko'] as const) {
      for (const id of ids) {
        const text = i18n.template(lng, `joining.errors.${id}` as 'joining.errors.join_name_taken');
        expect(typeof text === 'string' && text.length > 0, `${lng} ${id}`).toBe(true);
      }
    }
  });
});
