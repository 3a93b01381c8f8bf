import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { WorkspaceCard as WorkspaceCardData } from '@teamshuffle/domain';
import { moveCard } from '../utils/team-order';
import { WorkspaceCard } from './workspace-card';

interface GridProps {
  cards: WorkspaceCardData[];
  canReorder: boolean;
  canEdit: (card: WorkspaceCardData) => boolean;
  onReorder: (next: WorkspaceCardData[]) => void;
  onChangeNumber: (card: WorkspaceCardData) => void;
  onEdit: (card: WorkspaceCardData) => void;
}

interface ItemProps {
  card: WorkspaceCardData;
  canEdit: boolean;
  onChangeNumber: () => void;
  onEdit: () => void;
}

function SortableItem({ card, canEdit, onChangeNumber, onEdit }: ItemProps) {
  const sortable = useSortable({ id: card.id });
  const { transform, transition, isDragging } = sortable;
  // Translate only: scaling a card to its neighbour's size distorts its text.
  const style = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition: transition ?? undefined,
  };
  return (
    <WorkspaceCard
      card={card}
      setCardNode={sortable.setNodeRef}
      setActivatorNode={sortable.setActivatorNodeRef}
      style={style}
      isDragging={isDragging}
      dragHandle={{
        attributes: sortable.attributes,
        listeners: sortable.listeners,
      }}
      canEdit={canEdit}
      onChangeNumber={onChangeNumber}
      onEdit={onEdit}
    />
  );
}

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/**
 * The card grid. On the caller's own list the cards can be reordered by their handle with a
 * mouse, a finger (after a short press, so the page still scrolls) or the keyboard (Space, the
 * arrow keys, Space).
 */
export function SortableWorkspaceGrid({
  cards,
  canReorder,
  canEdit,
  onReorder,
  onChangeNumber,
  onEdit,
}: GridProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => cards.map((card) => card.id), [cards]);

  const announcements = useMemo<Announcements>(() => {
    const titleOf = (id: UniqueIdentifier) => cards.find((card) => card.id === id)?.title ?? '';
    const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
    return {
      onDragStart: ({ active }) => t('workspaces.order.picked', { title: titleOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('workspaces.order.over', { title: titleOf(active.id), position: positionOf(over.id) })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('workspaces.order.dropped', {
              title: titleOf(active.id),
              position: positionOf(over.id),
            })
          : t('workspaces.order.cancelled', { title: titleOf(active.id) }),
      onDragCancel: ({ active }) => t('workspaces.order.cancelled', { title: titleOf(active.id) }),
    };
  }, [cards, ids, t]);

  if (!canReorder) {
    return (
      <SimpleGrid cols={GRID_COLS} spacing="lg">
        {cards.map((card) => (
          <WorkspaceCard
            key={card.id}
            card={card}
            dragHandle={null}
            canEdit={canEdit(card)}
            onChangeNumber={() => onChangeNumber(card)}
            onEdit={() => onEdit(card)}
          />
        ))}
      </SimpleGrid>
    );
  }

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveCard(cards, String(active.id), String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('workspaces.order.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <SimpleGrid cols={GRID_COLS} spacing="lg">
          {cards.map((card) => (
            <SortableItem
              key={card.id}
              card={card}
              canEdit={canEdit(card)}
              onChangeNumber={() => onChangeNumber(card)}
              onEdit={() => onEdit(card)}
            />
          ))}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}
