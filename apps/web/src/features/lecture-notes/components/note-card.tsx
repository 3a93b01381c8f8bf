import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconEdit, IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { workspaceTabPath } from '@teamshuffle/domain';
import type { LectureNote } from '@teamshuffle/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteNote } from '../api/delete-note';
import { useUpdateNote } from '../api/update-note';
import type { TaskViewer } from '../utils/task-view';
import { NoteAttachments } from './note-attachments';
import { TaskSection } from './task-section';
import { lazyModal } from '../../../components/lazy-modal';
import { useFormatDate } from '../../../lib/dates/use-format-date';

// Dialogs load with their first opening (issue 14).
const ConfirmDeleteModal = lazyModal(
  async () => (await import('./confirm-delete-modal')).ConfirmDeleteModal,
);
const DuplicateNoteModal = lazyModal(
  async () => (await import('./duplicate-note-modal')).DuplicateNoteModal,
);

interface NoteCardProps {
  workspaceId: string;
  note: LectureNote;
  viewer: TaskViewer;
  onEdit: () => void;
}

/**
 * One lecture note: week, date, Draft badge, description, attachments and the task; Publish or
 * Unpublish, Edit, Duplicate to next week (issue 26) and Delete for those who may change it (owner
 * or author; spec part 2, section 6).
 */
export function NoteCard({ workspaceId, note, viewer, onEdit }: NoteCardProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const titleId = useId();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isDuplicating, setIsDuplicating] = useState(false);

  const togglePublished = () => {
    const isPublished = !note.isPublished;
    update.mutate(
      { workspaceId, noteId: note.id, changes: { isPublished } },
      {
        onSuccess: () =>
          notify.success(
            isPublished ? t('lectureNotes.toasts.published') : t('lectureNotes.toasts.unpublished'),
          ),
        onError: () => notify.error(t('lectureNotes.toasts.updateFailed')),
      },
    );
  };

  // mutateAsync: the card goes away with the note, and the toast must still show.
  const confirmDelete = () => {
    remove
      .mutateAsync({ workspaceId, noteId: note.id })
      .then(() => notify.success(t('lectureNotes.toasts.deleted')))
      .catch(() => notify.error(t('lectureNotes.toasts.deleteFailed')));
  };

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      data-testid="lecture-note"
      style={note.isPublished ? undefined : { borderStyle: 'dashed' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              <Badge variant="light" color="indigo">
                {t('lectureNotes.week', { week: note.week })}
              </Badge>
              {note.isPublished ? null : (
                <Badge variant="filled" color="gray" data-testid="draft-badge">
                  {t('lectureNotes.draft')}
                </Badge>
              )}
            </Group>
            <Title order={3} size="h4" id={titleId}>
              {/* The note's own address (issue 22): a link can point at this week's note. */}
              <Anchor
                component={Link}
                to={workspaceTabPath(workspaceId, 'notes', note.id)}
                inherit
                c="inherit"
              >
                {note.title}
              </Anchor>
            </Title>
            <Group gap="md">
              {note.date ? (
                <Text size="xs" c="dimmed">
                  {t('lectureNotes.lectureDate', { date: dates.date(note.date) })}
                </Text>
              ) : null}
              {note.author ? (
                <Text size="xs" c="dimmed">
                  {t('lectureNotes.author', { name: note.author.name })}
                </Text>
              ) : null}
            </Group>
          </Stack>
          {note.canEdit ? (
            <Group
              gap="xs"
              role="group"
              aria-label={t('lectureNotes.actions.label', { title: note.title })}
            >
              <Button
                size="xs"
                variant={note.isPublished ? 'default' : 'filled'}
                color={note.isPublished ? undefined : 'teal'}
                leftSection={
                  note.isPublished ? (
                    <IconEyeOff size={14} aria-hidden="true" />
                  ) : (
                    <IconEye size={14} aria-hidden="true" />
                  )
                }
                loading={update.isPending}
                onClick={togglePublished}
              >
                {note.isPublished
                  ? t('lectureNotes.actions.unpublish')
                  : t('lectureNotes.actions.publish')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} aria-hidden="true" />}
                onClick={onEdit}
              >
                {t('lectureNotes.actions.edit')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCopy size={14} aria-hidden="true" />}
                onClick={() => setIsDuplicating(true)}
              >
                {t('lectureNotes.actions.duplicate')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => setIsConfirmingDelete(true)}
              >
                {t('lectureNotes.actions.delete')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {note.isPublished ? null : (
          <Text size="xs" c="dimmed">
            {t('lectureNotes.draftHint')}
          </Text>
        )}
        {note.description ? (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{note.description}</Text>
        ) : null}
        <NoteAttachments workspaceId={workspaceId} note={note} />
        {note.task ? (
          <TaskSection workspaceId={workspaceId} note={note} task={note.task} viewer={viewer} />
        ) : null}
      </Stack>
      <ConfirmDeleteModal
        opened={isConfirmingDelete}
        title={t('lectureNotes.confirm.noteTitle')}
        text={t('lectureNotes.confirm.noteText', { title: note.title })}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setIsConfirmingDelete(false)}
      />
      <DuplicateNoteModal
        opened={isDuplicating}
        workspaceId={workspaceId}
        note={note}
        onClose={() => setIsDuplicating(false)}
      />
    </Card>
  );
}
