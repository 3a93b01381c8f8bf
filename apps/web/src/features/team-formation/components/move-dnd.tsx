import {
  DndContext,
  DragOverlay,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import { Paper, Text } from '@mantine/core';
import type { MoveCheck } from '@teamshuffle/domain';
import { useContext, useMemo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { breakSummary, refusalText } from '../model/move-text';
import { MoveContext, MoveShellContext } from './move-context';
import type { CardShellProps, MoveShells, RowShellProps } from './move-context';
import { toneText } from './tone';

// Drag and drop of members between the teams of a result (issue 24), with dnd-kit: a mouse
// drag, or a long press on a touch screen (a short swipe still scrolls). Loaded when a result
// is shown, in a chunk of its own (the /app page's code stays as it was). Keyboard users move
// members with each member's "Move to team" menu, so the rows are not keyboard draggables (one
// tab stop per member is enough). A row's shell re-renders on each drag event, the row's
// content (memoised by the results view) does not.

const WARNING_STYLE = { color: toneText('orange') } as const satisfies CSSProperties;
const OVERLAY_STYLE = { cursor: 'grabbing', maxWidth: 260 } as const satisfies CSSProperties;

function DraggableRow({ memberId, style, children }: RowShellProps) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: memberId });
  const rowStyle = useMemo(
    () => ({ ...style, cursor: 'grab', touchAction: 'manipulation' }),
    [style],
  );
  const draggingStyle = useMemo(() => ({ ...rowStyle, opacity: 0.4 }), [rowStyle]);
  return (
    <li
      ref={setNodeRef}
      {...listeners}
      style={isDragging ? draggingStyle : rowStyle}
      data-testid="team-member"
      data-member-id={memberId}
    >
      {children}
    </li>
  );
}

/** What the dragged member's move to this team would break, in the card. */
function DropHint({ check, name }: { check: MoveCheck; name: string }) {
  const { t } = useTranslation();
  const moves = useContext(MoveContext);
  if (!check.ok) {
    const refusal = refusalText(check, t);
    return refusal ? (
      <Text size="xs" c="dimmed" data-testid="move-drop-hint">
        {refusal}
      </Text>
    ) : null;
  }
  if (check.breaks.length === 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="move-drop-hint">
        {t('teamMove.dropHere', { name })}
      </Text>
    );
  }
  return (
    <div data-testid="move-drop-hint">
      <Text size="xs" style={WARNING_STYLE}>
        {t('teamMove.dropHereWarning', { name })}
      </Text>
      {check.breaks.map((broken) => {
        const text = breakSummary(broken, t, moves?.labelOf ?? String);
        return (
          <Text key={text} size="xs" style={WARNING_STYLE} data-testid="move-warning">
            {text}
          </Text>
        );
      })}
    </div>
  );
}

function DroppableCard({ teamNumber, children }: CardShellProps) {
  const moves = useContext(MoveContext);
  const { setNodeRef, isOver, active } = useDroppable({
    id: `team-${teamNumber}`,
    data: { teamNumber },
  });
  const memberId = active ? String(active.id) : null;
  let hint: ReactNode = null;
  if (isOver && memberId && moves) {
    const check = moves.check(memberId, teamNumber);
    hint = <DropHint check={check} name={moves.labelOf(memberId)} />;
  }
  return children({ ref: setNodeRef, isOver, hint });
}

const DND_SHELLS: MoveShells = { Card: DroppableCard, Row: DraggableRow };

function teamOf(event: { over: DragEndEvent['over'] }): number | null {
  const team = (event.over?.data.current as { teamNumber?: unknown } | undefined)?.teamNumber;
  return typeof team === 'number' ? team : null;
}

/** The results' teams with drag and drop: wrap the grid of team cards in it. */
export function MoveDndLayer({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const moves = useContext(MoveContext);
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );
  const labelOf = moves?.labelOf ?? String;

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) =>
        t('teamMove.announce.picked', { name: labelOf(String(active.id)) }),
      onDragOver: ({ active, over }) => {
        const team = teamOf({ over });
        if (team === null || !moves) return undefined;
        const name = labelOf(String(active.id));
        const check = moves.check(String(active.id), team);
        if (check.ok && check.breaks.length > 0) {
          return t('teamMove.announce.overWarning', {
            name,
            number: team,
            breaks: check.breaks.map((broken) => breakSummary(broken, t, labelOf)).join('; '),
          });
        }
        return t('teamMove.announce.over', { name, number: team });
      },
      // The move itself is said by the results' live region (after a confirmation if need be).
      onDragEnd: () => undefined,
      onDragCancel: ({ active }) =>
        t('teamMove.announce.cancelled', { name: labelOf(String(active.id)) }),
    }),
    [labelOf, moves, t],
  );

  const onDragStart = (event: DragStartEvent) => setActiveId(String(event.active.id));
  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    const team = teamOf(event);
    if (team !== null) moves?.requestMove(String(event.active.id), team, 'drag');
  };

  return (
    <MoveShellContext.Provider value={DND_SHELLS}>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('teamMove.dragInstructions') },
        }}
      >
        {children}
        <DragOverlay dropAnimation={null}>
          {activeId ? (
            <Paper shadow="md" radius="sm" px="sm" py={4} withBorder style={OVERLAY_STYLE}>
              <Text size="sm" truncate="end">
                {labelOf(activeId)}
              </Text>
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
    </MoveShellContext.Provider>
  );
}
