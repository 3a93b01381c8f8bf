import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { aWeekLater, workspaceTabPath } from '@teamshuffle/domain';
import type { LectureNote, LectureNoteDuplicate } from '@teamshuffle/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDuplicateNote } from '../api/duplicate-note';

interface DuplicateNoteModalProps {
  opened: boolean;
  workspaceId: string;
  note: LectureNote;
  onClose: () => void;
}

/**
 * Duplicate to next week (issue 26, decision 0028): says what the copy holds (a draft a week
 * later, the text, the task and the attachments shared by reference; no submissions) before it is
 * made, then links to the new draft and says how many attachments it shares.
 */
export function DuplicateNoteModal({
  opened,
  workspaceId,
  note,
  onClose,
}: DuplicateNoteModalProps) {
  const { t } = useTranslation();
  const duplicate = useDuplicateNote();
  const [made, setMade] = useState<LectureNoteDuplicate | null>(null);
  const week = aWeekLater({
    week: note.week,
    date: note.date,
    deadline: note.task?.deadline ?? null,
  }).week;

  const close = () => {
    setMade(null);
    duplicate.reset();
    onClose();
  };
  const confirm = () => {
    duplicate.mutate(
      { workspaceId, noteId: note.id },
      {
        onSuccess: (result) => {
          setMade(result);
          notify.success(t('lectureNotes.duplicate.done', { week: result.note.week }));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('lectureNotes.duplicate.title')} centered>
      {made ? (
        <Stack gap="md" data-testid="duplicate-done">
          <Text>{t('lectureNotes.duplicate.done', { week: made.note.week })}</Text>
          {made.attachmentsShared > 0 ? (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden="true" />}
            >
              {t('lectureNotes.duplicate.attachmentsShared', { count: made.attachmentsShared })}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('lectureNotes.duplicate.close')}
            </Button>
            <Anchor
              component={Link}
              to={workspaceTabPath(workspaceId, 'notes', made.note.id)}
              onClick={close}
              data-autofocus
            >
              {t('lectureNotes.duplicate.open')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t('lectureNotes.duplicate.text', { title: note.title, week })}</Text>
          {note.attachments.length > 0 ? (
            <Text size="sm" c="dimmed" data-testid="duplicate-shared-attachments">
              {t('lectureNotes.duplicate.sharedAttachments')}
            </Text>
          ) : null}
          {duplicate.isError ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            >
              {apiErrorMessage(duplicate.error, t('lectureNotes.duplicate.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={duplicate.isPending}>
              {t('lectureNotes.confirm.cancel')}
            </Button>
            <Button onClick={confirm} loading={duplicate.isPending} data-autofocus>
              {t('lectureNotes.duplicate.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
