// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { buildWorkspaceDetail } from '../utils/workspace-fixture';
import { TeamsPrint } from './teams-print';
import { stubMatchMedia } from '../../../lib/testing/match-media';

// Issue 24, export the teams: the print/projector view shows one card per team with its number,
// its members' names and its leader marked, never an e-mail; and says so when there are no teams.
function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <MemoryRouter>{children}</MemoryRouter>
    </MantineProvider>
  );
}

beforeEach(() => {
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TeamsPrint', () => {
  it('shows a card per team in team order with the leader marked and no e-mails', () => {
    const base = buildWorkspaceDetail();
    // Teams listed out of order, and one member without a team.
    const detail = {
      ...base,
      teams: [...base.teams].reverse(),
      members: [
        ...base.members,
        {
          ...base.members[1]!,
          id: 'eve',
          name: 'Eve',
          teamId: null,
          email: 'eve@example.com',
          isLeader: false,
        },
      ],
    };
    render(<TeamsPrint detail={detail} />, { wrapper: Providers });

    const cards = screen.getAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Team 1',
      'Team 2',
      'Not in a team',
    ]);
    const [team1, team2, without] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(team1)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['AnnLeader', 'Bob']);
    expect(within(team1).getByText('Ann').closest('li')?.getAttribute('data-leader')).toBe('true');
    expect(
      within(team2)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cy', 'Dee']);
    expect(within(team2).queryByText('Leader')).toBeNull();
    expect(within(without).getByRole('listitem').textContent).toBe('Eve');
    expect(document.body.textContent).not.toContain('@example.com');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Course: teams');
  });

  it('prints with the Print button', () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<TeamsPrint detail={buildWorkspaceDetail()} />, { wrapper: Providers });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says there are no teams yet', () => {
    render(<TeamsPrint detail={buildWorkspaceDetail({ teams: [], members: [] })} />, {
      wrapper: Providers,
    });
    expect(screen.getByRole('heading', { name: 'No teams yet' })).toBeTruthy();
    expect(screen.queryAllByRole('region')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to the workspace/ }).getAttribute('href')).toBe(
      '/workspace/w1',
    );
  });
});
