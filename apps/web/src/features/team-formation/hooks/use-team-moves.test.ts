// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { snapshotProblems } from '@teamshuffle/domain';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, draftReducer, newMembers, snapshotOf } from '../model/draft';
import type { Draft, DraftAction } from '../model/draft';
import { buildDraft } from '../model/draft-storage';
import { useTeamMoves } from './use-team-moves';

// Moving members by hand before saving (issue 24), through the page's reducer: at once when
// nothing breaks, after a confirmation otherwise (taking out what it breaks), undo several
// steps back (button and Ctrl/Cmd+Z), and what Save Result sends afterwards.

/** Six members m1..m6 in teams 1: m1 m2 m3, 2: m4 m5 m6, with a pair m1-m2 kept apart from m4. */
function startDraft(): Draft {
  let next = 0;
  const members = newMembers(['Ann', 'Ben', 'Cho', 'Dee', 'Eli', 'Fay'], () => `m${++next}`);
  const actions: DraftAction[] = [
    { type: 'addMembers', members },
    { type: 'setTeamCount', teamCount: 2 },
    { type: 'addConstraint', kind: 'fixedPair', id: 'p1', memberIds: ['m1', 'm2'] },
    { type: 'addConstraint', kind: 'keepApart', id: 'k1', memberIds: ['m3', 'm4'] },
    {
      type: 'setOutcome',
      outcome: {
        groups: [
          { number: 1, memberIds: ['m1', 'm2', 'm3'] },
          { number: 2, memberIds: ['m4', 'm5', 'm6'] },
        ],
        seed: 'seed',
        unevenReason: null,
        savedAs: { id: 'r1', title: 'Week 1' },
      },
    },
  ];
  return actions.reduce(draftReducer, EMPTY_DRAFT);
}

function renderMoves(initial = startDraft()) {
  return renderHook(() => {
    const [draft, dispatch] = useReducer(draftReducer, initial);
    const moves = useTeamMoves(draft, (arrangement) => dispatch({ type: 'arrange', arrangement }));
    return { draft, dispatch, moves };
  });
}

const teams = (draft: Draft) => draft.outcome?.groups.map((group) => group.memberIds);

describe('useTeamMoves', () => {
  it('moves at once when nothing breaks, marks the teams adjusted, and undoes', () => {
    const { result } = renderMoves();
    const before = result.current.draft;
    // Two moves (the first makes sizes 2/4, which breaks even sizes: confirmed).
    act(() => void result.current.moves.requestMove('m3', 2, 'menu'));
    expect(result.current.moves.pending).toMatchObject({
      memberId: 'm3',
      to: 2,
      breaks: [
        { kind: 'keepApartJoined', constraintId: 'k1', partnerId: 'm4' },
        { kind: 'uneven', spreadBefore: 0, spreadAfter: 2 },
      ],
    });
    expect(result.current.draft).toBe(before);
    act(() => result.current.moves.confirm());
    expect(teams(result.current.draft)).toEqual([
      ['m1', 'm2'],
      ['m4', 'm5', 'm6', 'm3'],
    ]);
    expect(result.current.draft.keepApart).toEqual([]);
    expect(result.current.draft.outcome).toMatchObject({ isHandAdjusted: true, savedAs: null });
    expect(result.current.moves.announcement).toMatchObject({
      kind: 'moved',
      memberId: 'm3',
      team: 2,
    });
    // Back to even sizes: nothing breaks, so no confirmation.
    let isMoved = false;
    act(() => {
      isMoved = result.current.moves.requestMove('m5', 1, 'drag');
    });
    expect(isMoved).toBe(true);
    expect(result.current.moves.pending).toBeNull();
    expect(teams(result.current.draft)).toEqual([
      ['m1', 'm2', 'm5'],
      ['m4', 'm6', 'm3'],
    ]);

    // Save Result sends the moved teams as adjusted by hand; the server's checks hold.
    const snapshot = snapshotOf(result.current.draft)!;
    expect(snapshot).toMatchObject({ isHandAdjusted: true, keepApart: [] });
    expect(snapshotProblems(snapshot)).toEqual([]);

    // Undo twice: the teams, the keep-apart pair and the saved copy come back.
    act(() => result.current.moves.undo());
    expect(teams(result.current.draft)).toEqual([
      ['m1', 'm2'],
      ['m4', 'm5', 'm6', 'm3'],
    ]);
    expect(result.current.moves.announcement).toMatchObject({
      kind: 'undone',
      memberId: 'm5',
      team: 2,
    });
    act(() => result.current.moves.undo());
    expect(teams(result.current.draft)).toEqual(teams(before));
    expect(result.current.draft.keepApart).toEqual(before.keepApart);
    expect(result.current.draft.outcome?.savedAs).toEqual({ id: 'r1', title: 'Week 1' });
    expect(result.current.draft.outcome?.isHandAdjusted).toBeUndefined();
    expect(result.current.moves.canUndo).toBe(false);
  });

  it('makes nothing of a cancelled confirmation, a move to the same team, or one that empties a team', () => {
    const { result } = renderMoves();
    const before = result.current.draft;
    act(() => void result.current.moves.requestMove('m1', 2, 'menu'));
    expect(result.current.moves.pending?.breaks[0]).toMatchObject({ kind: 'fixedPairSplit' });
    act(() => result.current.moves.cancel());
    expect(result.current.moves.pending).toBeNull();
    act(() => void result.current.moves.requestMove('m1', 1, 'menu'));
    expect(result.current.draft).toBe(before);
    expect(result.current.moves.canUndo).toBe(false);

    const pair = buildDraft({
      members: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      teamCount: 2,
      outcome: {
        groups: [
          { number: 1, memberIds: ['a'] },
          { number: 2, memberIds: ['b'] },
        ],
        seed: 's',
      },
    });
    const two = renderMoves(pair);
    expect(two.result.current.moves.check('a', 2)).toMatchObject({
      ok: false,
      reason: 'emptiesTeam',
    });
    act(() => void two.result.current.moves.requestMove('a', 2, 'menu'));
    expect(two.result.current.draft).toBe(pair);
  });

  it('undoes with Ctrl+Z or Cmd+Z, but not while typing in a field', () => {
    const { result } = renderMoves();
    act(() => void result.current.moves.requestMove('m1', 2, 'menu'));
    act(() => result.current.moves.confirm());
    act(() => void result.current.moves.requestMove('m4', 1, 'menu'));
    act(() => result.current.moves.confirm());
    expect(teams(result.current.draft)).toEqual([
      ['m2', 'm3', 'm4'],
      ['m5', 'm6', 'm1'],
    ]);
    const field = document.createElement('input');
    document.body.append(field);
    act(() => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    });
    expect(result.current.moves.canUndo).toBe(true);
    expect(teams(result.current.draft)?.[1]).toEqual(['m5', 'm6', 'm1']);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
    });
    expect(teams(result.current.draft)?.[1]).toEqual(['m4', 'm5', 'm6', 'm1']);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Z', metaKey: true }));
    });
    expect(teams(result.current.draft)).toEqual([
      ['m1', 'm2', 'm3'],
      ['m4', 'm5', 'm6'],
    ]);
    expect(result.current.draft.fixedPairs).toEqual([{ id: 'p1', memberIds: ['m1', 'm2'] }]);
    field.remove();
  });

  it('forgets the moves once the teams on screen are new (a new shuffle)', () => {
    const { result } = renderMoves();
    act(() => void result.current.moves.requestMove('m6', 1, 'menu'));
    act(() => result.current.moves.confirm());
    expect(result.current.moves.canUndo).toBe(true);
    act(() =>
      result.current.dispatch({
        type: 'setOutcome',
        outcome: {
          groups: [
            { number: 1, memberIds: ['m1', 'm2', 'm4'] },
            { number: 2, memberIds: ['m3', 'm5', 'm6'] },
          ],
          seed: 'other',
          unevenReason: null,
          savedAs: null,
        },
      }),
    );
    expect(result.current.moves.canUndo).toBe(false);
    expect(result.current.draft.outcome?.isHandAdjusted).toBeUndefined();
  });

  it('keeps the mark through local storage and a saved result loaded back', () => {
    const { result } = renderMoves();
    act(() => void result.current.moves.requestMove('m6', 1, 'menu'));
    act(() => result.current.moves.confirm());
    const stored = buildDraft(JSON.parse(JSON.stringify(result.current.draft)) as unknown);
    expect(stored.outcome?.isHandAdjusted).toBe(true);
    expect(stored.outcome?.groups).toEqual(result.current.draft.outcome?.groups);
  });
});
