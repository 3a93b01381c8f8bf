import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { IconEye, IconGripVertical, IconPencil } from '@tabler/icons-react';
import type { CSSProperties, HTMLAttributes } from 'react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { WorkspaceCard as WorkspaceCardData } from '@teamshuffle/domain';
import { useFormatDate } from '../../../lib/dates/use-format-date';

const ROLE_COLORS: Record<WorkspaceCardData['role'], MantineColor> = {
  creator: 'violet',
  leader: 'yellow',
  member: 'teal',
  viewer: 'gray',
};

/** What the sortable wrapper hands the drag handle (dnd-kit's attributes and listeners). */
export interface DragHandleProps {
  attributes: HTMLAttributes<HTMLButtonElement>;
  listeners: HTMLAttributes<HTMLButtonElement> | undefined;
}

interface WorkspaceCardProps {
  card: WorkspaceCardData;
  /** Drag handle and '#': only on the caller's own list. */
  dragHandle: DragHandleProps | null;
  canEdit: boolean;
  onChangeNumber: () => void;
  onEdit: () => void;
  setCardNode?: (element: HTMLElement | null) => void;
  setActivatorNode?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
  isDragging?: boolean;
}

/**
 * One team on /workspaces (spec part 1, section 2): number badge, name, role badge, member and
 * leader counts, joined date and description; View Workspace, '#' and Edit (creator only).
 */
export function WorkspaceCard({
  card,
  dragHandle,
  canEdit,
  onChangeNumber,
  onEdit,
  setCardNode,
  setActivatorNode,
  style,
  isDragging = false,
}: WorkspaceCardProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const titleId = useId();
  return (
    <Card
      component="article"
      ref={setCardNode}
      aria-labelledby={titleId}
      data-testid="workspace-card"
      withBorder
      radius="lg"
      padding="lg"
      shadow={isDragging ? 'lg' : 'xs'}
      style={{ ...style, zIndex: isDragging ? 2 : undefined, position: 'relative' }}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {dragHandle ? (
              <ActionIcon
                ref={setActivatorNode}
                variant="subtle"
                color="gray"
                aria-label={t('workspaces.card.dragHandle', { title: card.title })}
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...dragHandle.attributes}
                {...dragHandle.listeners}
              >
                <IconGripVertical size={18} aria-hidden="true" />
              </ActionIcon>
            ) : null}
            <Badge
              size="lg"
              circle
              variant="filled"
              data-testid="team-number"
              aria-label={t('workspaces.card.number', { number: card.teamNumber })}
            >
              {card.teamNumber}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color={card.isPublic ? 'blue' : 'gray'}>
              {card.isPublic ? t('workspaces.card.public') : t('workspaces.card.private')}
            </Badge>
            <Badge color={ROLE_COLORS[card.role]} data-testid="role-badge">
              {t(`workspaces.roles.${card.role}`)}
            </Badge>
          </Group>
        </Group>
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {card.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('workspaces.card.description', { count: card.teamCount })}
        </Text>
        <Group gap="md">
          <Text size="sm">{t('workspaces.card.members', { count: card.memberCount })}</Text>
          <Text size="sm">{t('workspaces.card.leaders', { count: card.leaderCount })}</Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('workspaces.card.joined', { date: dates.date(card.joinedAt) })}
        </Text>
        <Group gap="xs" mt="auto">
          <Button
            component={Link}
            to={`/workspace/${card.id}`}
            size="xs"
            leftSection={<IconEye size={14} aria-hidden="true" />}
          >
            {t('workspaces.card.view')}
          </Button>
          {dragHandle ? (
            <Tooltip label={t('workspaces.card.changeNumber', { title: card.title })}>
              <Button
                size="xs"
                variant="default"
                onClick={onChangeNumber}
                aria-label={t('workspaces.card.changeNumber', { title: card.title })}
              >
                #
              </Button>
            </Tooltip>
          ) : null}
          {canEdit ? (
            <Button
              size="xs"
              variant="default"
              onClick={onEdit}
              leftSection={<IconPencil size={14} aria-hidden="true" />}
              aria-label={t('workspaces.card.editLabel', { title: card.title })}
            >
              {t('workspaces.card.edit')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
