// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { EmailNotificationsCard } from './email-notifications-card';

const SETTLE = { timeout: 4_000 };

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A fake /api/preferences: answers what was stored, stores what is PUT; records every body. */
function stubPreferences() {
  let stored = {
    lectureNoteSortOrder: 'week-asc',
    emailNotifications: false,
    reminderMail: 'none',
    language: null,
  };
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_path: string, init: RequestInit) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        puts.push(body);
        stored = { ...stored, ...body };
      }
      return Promise.resolve(json(stored));
    }),
  );
  return puts;
}

beforeEach(() => {
  stubMatchMedia();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the e-mail notifications card', () => {
  it('offers the reminder mail choice, none by default, and saves another alone', async () => {
    const puts = stubPreferences();
    render(<EmailNotificationsCard email="student@example.com" />, { wrapper: Providers });
    const group = await screen.findByRole(
      'radiogroup',
      { name: /Deadline reminders by e-mail/ },
      SETTLE,
    );
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'No e-mail' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: /One daily digest/ }));
    await waitFor(() => expect(puts).toEqual([{ reminderMail: 'digest' }]), SETTLE);
    await waitFor(
      () =>
        expect(screen.getByRole('radio', { name: /One daily digest/ })).toHaveProperty(
          'checked',
          true,
        ),
      SETTLE,
    );
    // The new-assignment switch is its own choice.
    expect(screen.getByText('Also e-mail me new assignments')).toBeTruthy();
    expect(screen.getByRole('switch')).toHaveProperty('checked', false);
  });

  it('speaks Korean', async () => {
    stubPreferences();
    await i18n.changeLanguage('ko');
    render(<EmailNotificationsCard email="student@example.com" />, { wrapper: Providers });
    expect(
      await screen.findByRole('radiogroup', { name: /마감 알림 이메일/ }, SETTLE),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: '알림마다 바로 받기' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /하루에 한 번 모아서 받기/ })).toBeTruthy();
  });
});
