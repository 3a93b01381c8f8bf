// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { EMPTY_DRAFT, draftReducer, memberLabels, newMembers } from '../model/draft';
import type { Draft, DraftAction } from '../model/draft';
import type * as MoveMenuModule from './move-menu';
import { ShuffleResults } from './shuffle-results';

// Issue 24 within issue 22's budget: a move renders again only the member it moves, not the
// other rows of the result (up to 1,000 of them). Each render of a member row renders its Move
// control once, so the control's renders count the rows'.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('./move-menu', async (importOriginal) => {
  const actual = await importOriginal<typeof MoveMenuModule>();
  const Counted = actual.MoveControl;
  return {
    ...actual,
    MoveControl: (props: Parameters<typeof Counted>[0]) => {
      rendered.push(props.memberId);
      return <Counted {...props} />;
    },
  };
});
// Drag and drop is not what this test is about: its layer passes the grid through.
vi.mock('./move-dnd', () => ({
  MoveDndLayer: ({ children }: { children: ReactNode }) => children,
}));

/** Twelve members: team 1 m1-m5, team 2 m6-m8, team 3 m9-m12. */
function startDraft(): Draft {
  let next = 0;
  const names = Array.from({ length: 12 }, (_, i) => `Member ${i + 1}`);
  const ids = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
  const actions: DraftAction[] = [
    { type: 'addMembers', members: newMembers(names, () => `m${++next}`) },
    { type: 'setTeamCount', teamCount: 3 },
    {
      type: 'setOutcome',
      outcome: {
        groups: [
          { number: 1, memberIds: ids(1, 5) },
          { number: 2, memberIds: ids(6, 8) },
          { number: 3, memberIds: ids(9, 12) },
        ],
        seed: 'seed',
        unevenReason: null,
        savedAs: null,
      },
    },
  ];
  return actions.reduce(draftReducer, EMPTY_DRAFT);
}

function Host() {
  const [draft, dispatch] = useReducer(draftReducer, null, startDraft);
  return (
    <MantineProvider>
      <ShuffleResults
        draft={draft}
        outcome={draft.outcome!}
        labels={memberLabels(draft.members)}
        isSignedIn={false}
        canSave={false}
        revealCount={0}
        isReducedMotion
        onReshuffle={() => undefined}
        onCopy={() => undefined}
        onSave={() => undefined}
        onCreate={() => undefined}
        onArrange={(arrangement) => dispatch({ type: 'arrange', arrangement })}
      />
    </MantineProvider>
  );
}

beforeEach(() => {
  stubMatchMedia();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => callback(0), 0),
  );
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  rendered.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const teamOf = (name: string) =>
  screen
    .getAllByTestId('team-card')
    .find((card) => within(card).queryByText(name, { exact: true }))
    ?.getAttribute('data-team');

describe('ShuffleResults, moving a member', () => {
  it('renders again only the moved member’s row, and says the move in the live region', async () => {
    render(<Host />);
    // The drag-and-drop layer arrives (mocked): the grid is built once more, then stays.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getAllByTestId('team-member')).toHaveLength(12);
    rendered.length = 0;

    fireEvent.click(screen.getByRole('button', { name: 'Move Member 1 to another team' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // Opening the menu renders that member's row only.
    expect(new Set(rendered)).toEqual(new Set(['m1']));
    const item = await screen.findByRole('menuitem', { name: /^Team 2/ });
    rendered.length = 0;

    fireEvent.click(item);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(teamOf('Member 1')).toBe('2');
    expect(screen.getAllByTestId('team-member')).toHaveLength(12);
    // The moved row is built in its new team; none of the eleven others renders again.
    expect(new Set(rendered)).toEqual(new Set(['m1']));
    expect(screen.getByTestId('move-announcement').textContent).toBe('Member 1 moved to Team 2.');
    expect(screen.getByTestId('hand-adjusted').textContent).toBe('Adjusted by hand');

    // Undo: back in team 1, again rendering that row only.
    rendered.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Undo move' }));
    expect(teamOf('Member 1')).toBe('1');
    expect(new Set(rendered)).toEqual(new Set(['m1']));
    expect(screen.getByTestId('move-announcement').textContent).toBe(
      'Move undone: Member 1 is back in Team 1.',
    );
  });
});
