// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MyDeadline, MyDeadlinesView } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { deadlineText } from '../utils/deadline-text';
import { DueSoonCard } from './due-soon-card';

const SETTLE = { timeout: 4_000 };
const DAY = 24 * 60 * 60 * 1000;

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

const item = (overrides: Partial<MyDeadline>): MyDeadline => ({
  kind: 'assignment',
  id: 'a1',
  title: 'Essay',
  assignmentType: 'team',
  workspace: { id: 'w1', title: 'Databases', slug: 'databases' },
  deadline: new Date(Date.now() + 2 * DAY).toISOString(),
  role: 'member',
  state: 'not_handed_in',
  handedIn: null,
  expected: null,
  ...overrides,
});

const view = (items: MyDeadline[]): MyDeadlinesView => ({
  from: new Date(Date.now() - 7 * DAY).toISOString(),
  to: new Date(Date.now() + 60 * DAY).toISOString(),
  items,
});

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  stubMatchMedia();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Due soon', () => {
  it('lists each item with its course, deadline in local time, state badge and link', async () => {
    const lateLab = item({
      id: 'a2',
      title: 'Lab report',
      deadline: new Date(Date.now() - DAY).toISOString(),
      state: 'late',
    });
    const missed = item({
      id: 'a3',
      title: 'Quiz',
      deadline: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    const plan = item({
      kind: 'task',
      id: 'n1',
      title: 'Team plan',
      workspace: { id: 'w2', title: 'Networks', slug: 'networks' },
      state: 'graded',
    });
    const owned = item({
      id: 'a4',
      title: 'Proposal',
      role: 'owner',
      state: null,
      handedIn: 3,
      expected: 8,
    });
    const essay = item({});
    const fetchMock = vi.fn(() =>
      Promise.resolve(answer(view([missed, lateLab, essay, plan, owned]))),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<DueSoonCard />, { wrapper: Providers });
    expect(screen.getByRole('status', { name: 'Loading your deadlines…' })).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Due soon' }, SETTLE);
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(5);
    const essayLink = screen.getByRole('link', { name: /: Essay Databases / });
    expect(essayLink.getAttribute('href')).toBe('/workspace/w1/assignments');
    expect(essayLink.textContent).toContain('Assignment: Essay');
    expect(essayLink.textContent).toContain(`Due ${deadlineText(essay.deadline, 'en')}`);
    expect(within(essayLink).getByText('Not handed in')).toBeTruthy();
    const planLink = screen.getByRole('link', { name: /: Team plan Networks / });
    expect(planLink.getAttribute('href')).toBe('/workspace/w2/notes/n1');
    expect(within(planLink).getByText('Graded')).toBeTruthy();
    expect(within(planLink).getByText('Networks')).toBeTruthy();
    const lab = screen.getByRole('link', { name: /: Lab report Databases / });
    expect(within(lab).getByText('Late')).toBeTruthy();
    expect(lab.textContent).toContain(`Was due ${deadlineText(lateLab.deadline, 'en')}`);
    // Nothing handed in past the deadline: the badge turns red.
    const quizBadge = within(screen.getByRole('link', { name: /: Quiz Databases / })).getByText(
      'Not handed in',
    );
    expect(quizBadge.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
    const essayBadge = within(essayLink).getByText('Not handed in');
    expect(essayBadge.closest('.mantine-Badge-root')?.getAttribute('style')).not.toContain('red');
    const proposal = screen.getByRole('link', { name: /: Proposal Databases / });
    expect(within(proposal).getByText('3/8 handed in')).toBeTruthy();
    expect(essayLink.querySelector('time')?.getAttribute('dateTime')).toBe(essay.deadline);
    expect(fetchMock).toHaveBeenCalledWith('/api/me/deadlines', expect.anything());
  });

  it('writes English dates in English and Korean dates in Korean', async () => {
    const fixed = '2026-12-01T14:59:00.000Z';
    expect(deadlineText(fixed, 'en', 'UTC')).toBe('Dec 1, 2026, 2:59 PM');
    expect(deadlineText(fixed, 'ko', 'Asia/Seoul')).toBe('2026. 12. 1. 오후 11:59');
    const essay = item({});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(view([essay])))),
    );
    await i18n.changeLanguage('ko');
    render(<DueSoonCard />, { wrapper: Providers });
    const link = await screen.findByRole('link', { name: /: Essay Databases / }, SETTLE);
    expect(link.textContent).toContain(`과제: Essay`);
    expect(link.textContent).toContain(`마감 ${deadlineText(essay.deadline, 'ko')}`);
    expect(within(link).getByText('미제출')).toBeTruthy();
  });

  it('says when nothing is due', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(view([])))),
    );
    render(<DueSoonCard />, { wrapper: Providers });
    expect(await screen.findByText('Nothing due in the next 60 days', {}, SETTLE)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failure with a retry that loads the list', async () => {
    const answers = [
      answer({ error: 'internal', message: 'An unexpected error occurred' }, 500),
      answer(view([item({})])),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answers.shift()!)),
    );
    render(<DueSoonCard />, { wrapper: Providers });
    const alert = await screen.findByRole('alert', {}, SETTLE);
    expect(alert.textContent).toContain('Could not load your deadlines');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /: Essay Databases / }, SETTLE)).toBeTruthy();
  });
});
