// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PEER_DIMENSIONS, type PeerEvaluationForm } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { RatingForm } from './rating-form';

// Issue 25, peer evaluation: a member's rating form, one radio group per teammate and dimension.
const ME = '11111111-1111-4111-8111-111111111111';
const MATE = '22222222-2222-4222-8222-222222222222';
const FORM: PeerEvaluationForm = {
  evaluation: {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Midterm',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2099-01-01T00:00:00.000Z',
    state: 'open',
    factorCap: 1.05,
    releasedAt: null,
    teamIds: ['t1'],
    expected: 0,
    answered: 0,
    hasAnswered: false,
  },
  teammates: [
    { memberId: ME, name: 'Ann', isSelf: true },
    { memberId: MATE, name: 'Ben', isSelf: false },
  ],
  response: null,
  result: null,
};

function renderForm(form = FORM) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RatingForm workspaceId="ws-1" form={form} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('RatingForm', () => {
  beforeEach(async () => {
    stubMatchMedia();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for every dimension of every teammate, each level with its description', () => {
    renderForm();
    expect(screen.getAllByRole('radiogroup')).toHaveLength(2 * PEER_DIMENSIONS.length);
    expect(screen.getByText('Ann (you)')).toBeTruthy();
    expect(
      screen.getByRole('radio', {
        name: /Ben, Contributing to the team's work: 1: Does not do a fair share/,
      }),
    ).toBeTruthy();
  });

  it('refuses to send an incomplete form and sends a complete one with the comment', async () => {
    const calls: Array<{ method: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({
          method: init?.method ?? 'GET',
          body: JSON.parse(init?.body as string) as unknown,
        });
        return new Response(JSON.stringify({ ...FORM, response: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit my ratings' }));
    expect(calls).toHaveLength(0);
    expect(screen.getAllByText('Choose a level from 1 to 5.').length).toBeGreaterThan(0);
    for (const name of ['Ann', 'Ben']) {
      for (const group of screen.getAllByRole('radio', {
        name: new RegExp(`^${name}[^,]*, .*: 4: `),
      })) {
        fireEvent.click(group);
      }
    }
    fireEvent.change(screen.getByLabelText(/Comment for your teacher/), {
      target: { value: 'Good team' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit my ratings' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.method).toBe('PUT');
    const body = calls[0]!.body as {
      ratings: Array<{ rateeMemberId: string; scores: Record<string, number> }>;
      comment: string;
    };
    expect(body.comment).toBe('Good team');
    expect(body.ratings.map((r) => r.rateeMemberId)).toEqual([ME, MATE]);
    expect(body.ratings.every((r) => Object.values(r.scores).every((v) => v === 4))).toBe(true);
  });
});
