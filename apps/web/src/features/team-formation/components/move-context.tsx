import type { MoveCheck } from '@teamshuffle/domain';
import { createContext } from 'react';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import type { PendingMove } from '../hooks/use-team-moves';
import type { LabelOf } from '../model/move-text';

// What the results' move controls share (issue 24): the check of a move, the request to make
// one, and how a member is named. Only the open "Move to team" menu, the drag layer and the
// team cards read it; the member rows do not, so a move renders again only the rows it moves.

/** The moves of the teams on screen. */
export type MoveContextValue = {
  check: (memberId: string, to: number) => MoveCheck;
  /** Moves at once (true) or asks first / cannot (false). */
  requestMove: (memberId: string, to: number, via: PendingMove['via']) => boolean;
  teamNumbers: readonly number[];
  labelOf: LabelOf;
  /** A move made from a member's menu: focus follows the member to their new team. */
  onMovedFromMenu: (memberId: string) => void;
};

export const MoveContext = createContext<MoveContextValue | null>(null);

/** What a team card gets from its shell: the drop target's node and what to show over it. */
export type DropTarget = {
  ref?: (node: HTMLElement | null) => void;
  isOver: boolean;
  /** What the move being dragged over this team would break, shown in the card. */
  hint: ReactNode;
};

/** The element around a team card (a drop target once drag and drop has loaded). */
export type CardShellProps = { teamNumber: number; children: (drop: DropTarget) => ReactNode };
/** A member's list item (draggable once drag and drop has loaded). */
export type RowShellProps = { memberId: string; style: CSSProperties; children: ReactNode };

export type MoveShells = {
  Card: ComponentType<CardShellProps>;
  Row: ComponentType<RowShellProps>;
};

const NO_DROP: DropTarget = { isOver: false, hint: null };

function PlainCard({ children }: CardShellProps) {
  return children(NO_DROP);
}

function PlainRow({ memberId, style, children }: RowShellProps) {
  return (
    <li style={style} data-testid="team-member" data-member-id={memberId}>
      {children}
    </li>
  );
}

/** The shells before the drag-and-drop code has loaded (and without it): plain markup. */
export const PLAIN_SHELLS: MoveShells = { Card: PlainCard, Row: PlainRow };

export const MoveShellContext = createContext<MoveShells>(PLAIN_SHELLS);
