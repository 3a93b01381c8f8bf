import { applyMove, moveChecker } from '@teamshuffle/domain';
import type { MoveCheck } from '@teamshuffle/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Draft, DraftArrangement, ShuffleOutcome } from '../model/draft';

/** A move made, and what undoing it restores. */
type MoveStep = {
  memberId: string;
  /** The arrangement before the move (restored by undo). */
  before: DraftArrangement;
  /** The teams the move made: undo applies while they are still the teams on screen. */
  after: ShuffleOutcome['groups'];
  /** The members when the move was made: a rename since means the saved copy no longer matches. */
  members: Draft['members'];
};

/** A move that breaks something, waiting for the user's confirmation. */
export type PendingMove = Extract<MoveCheck, { ok: true }> & { via: 'menu' | 'drag' };

/** What was last said in the live region, and a count so the same words are said again. */
export type MoveAnnouncement =
  | { kind: 'moved'; memberId: string; team: number; count: number }
  | { kind: 'undone'; memberId: string; team: number; count: number };

/** Undo goes back this many moves at most. */
export const MOVE_HISTORY_MAX = 50;

function arrangementOf(draft: Draft, outcome: ShuffleOutcome): DraftArrangement {
  return {
    groups: outcome.groups,
    fixedPairs: draft.fixedPairs,
    lockedTeams: draft.lockedTeams,
    keepApart: draft.keepApart,
    isHandAdjusted: outcome.isHandAdjusted === true,
    unevenReason: outcome.unevenReason,
    savedAs: outcome.savedAs,
  };
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('[role="dialog"]') !== null
  );
}

/**
 * Moving members between the teams of a shuffle before saving (issue 24): the shared check of
 * what a move breaks, the move (at once, or after a confirmation when it breaks something),
 * undo several steps back (also Ctrl/Cmd+Z on the page, outside text fields and dialogs), and
 * what the live region says. `onArrange` puts an arrangement into the draft.
 */
export function useTeamMoves(draft: Draft, onArrange: (arrangement: DraftArrangement) => void) {
  const outcome = draft.outcome;
  const [history, setHistory] = useState<MoveStep[]>([]);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [announcement, setAnnouncement] = useState<MoveAnnouncement | null>(null);

  // The steps still apply while the teams on screen are the ones the last move made; a new
  // shuffle, a loaded result or a change that drops the teams ends them.
  const top = history.at(-1);
  if (top && top.after !== outcome?.groups) setHistory([]);
  if (pending && !outcome) setPending(null);

  const { fixedPairs, lockedTeams, keepApart } = draft;
  const groups = outcome?.groups;
  const check = useMemo(
    () => moveChecker({ groups: groups ?? [], fixedPairs, lockedTeams, keepApart }),
    [groups, fixedPairs, lockedTeams, keepApart],
  );

  // The handlers read the latest draft through a ref, so they stay the same functions and the
  // memoised team cards and rows do not render again because of them.
  const latest = useRef({ draft, history, pending, onArrange });
  useEffect(() => {
    latest.current = { draft, history, pending, onArrange };
  });
  const countRef = useRef(0);

  /** The check of a move on the teams as they are now. */
  const checkNow = useCallback((memberId: string, to: number): MoveCheck | null => {
    const { draft: current } = latest.current;
    if (!current.outcome) return null;
    return moveChecker({
      groups: current.outcome.groups,
      fixedPairs: current.fixedPairs,
      lockedTeams: current.lockedTeams,
      keepApart: current.keepApart,
    })(memberId, to);
  }, []);

  const apply = useCallback((move: Extract<MoveCheck, { ok: true }>) => {
    const { draft: current, onArrange: arrange } = latest.current;
    if (!current.outcome) return;
    const before = arrangementOf(current, current.outcome);
    const after = applyMove(before, move);
    const arrangement: DraftArrangement = {
      groups: after.groups.map((group) =>
        group.number === move.from || group.number === move.to
          ? { number: group.number, memberIds: [...group.memberIds] }
          : before.groups.find((kept) => kept.number === group.number)!,
      ),
      fixedPairs: [...after.fixedPairs],
      lockedTeams: after.lockedTeams.map((team) => ({
        id: team.id,
        memberIds: [...team.memberIds],
      })),
      keepApart: [...after.keepApart],
      isHandAdjusted: true,
      // The engine's reason for uneven sizes is about its draw, not about these teams.
      unevenReason: null,
      savedAs: null,
    };
    arrange(arrangement);
    const step: MoveStep = {
      memberId: move.memberId,
      before,
      after: arrangement.groups,
      members: current.members,
    };
    setHistory((steps) => [...steps, step].slice(-MOVE_HISTORY_MAX));
    setAnnouncement({
      kind: 'moved',
      memberId: move.memberId,
      team: move.to,
      count: ++countRef.current,
    });
  }, []);

  /**
   * Moves at once when nothing breaks (true); otherwise asks first, through the confirmation
   * dialog (false), or does nothing for a move that cannot be made (false).
   */
  const requestMove = useCallback(
    (memberId: string, to: number, via: PendingMove['via']) => {
      const result = checkNow(memberId, to);
      if (!result?.ok) return false;
      if (result.breaks.length > 0) {
        setPending({ ...result, via });
        return false;
      }
      apply(result);
      return true;
    },
    [apply, checkNow],
  );

  /** Makes the move waiting for confirmation, checked again on the teams as they are now. */
  const confirm = useCallback(() => {
    const waiting = latest.current.pending;
    setPending(null);
    if (!waiting) return;
    const result = checkNow(waiting.memberId, waiting.to);
    if (result?.ok) apply(result);
  }, [apply, checkNow]);

  const cancel = useCallback(() => setPending(null), []);

  const undo = useCallback(() => {
    const { draft: current, history: steps, onArrange: arrange } = latest.current;
    const last = steps.at(-1);
    if (!last || !current.outcome || current.outcome.groups !== last.after) return;
    arrange({
      ...last.before,
      // The saved copy matches the earlier teams only if nobody was renamed since.
      savedAs: current.members === last.members ? last.before.savedAs : null,
    });
    setHistory(steps.slice(0, -1));
    const team = last.before.groups.find((group) => group.memberIds.includes(last.memberId));
    setAnnouncement({
      kind: 'undone',
      memberId: last.memberId,
      team: team?.number ?? 0,
      count: ++countRef.current,
    });
  }, []);

  const canUndo = history.length > 0 && history.at(-1)?.after === outcome?.groups;

  // Ctrl/Cmd+Z on the page undoes a move, except where the keys undo typing or in a dialog.
  useEffect(() => {
    if (!canUndo) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || event.shiftKey || event.altKey) return;
      if (!(event.ctrlKey || event.metaKey) || isEditable(event.target)) return;
      event.preventDefault();
      undo();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [canUndo, undo]);

  return { check, requestMove, pending, confirm, cancel, undo, canUndo, announcement };
}

/** What `useTeamMoves` gives the results view. */
export type TeamMoves = ReturnType<typeof useTeamMoves>;
