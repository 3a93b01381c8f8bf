import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPlus, IconRefresh } from '@tabler/icons-react';
import { workspaceTabPath } from '@teamshuffle/domain';
import type { LectureNote, WorkspaceDetail } from '@teamshuffle/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { SectionLoading } from '../../../components/section-loading';
import { PageSection } from '../../../components/page-section';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSession } from '../../../lib/session/session-context';
import { useNotesSection } from '../api/get-notes-section';
import type { TaskViewer } from '../utils/task-view';
import { NoteCard } from './note-card';
import { lazyModal } from '../../../components/lazy-modal';

// Dialogs load with their first opening (issue 14).
const NoteModal = lazyModal(async () => (await import('./note-modal')).NoteModal);

/**
 * The note modal: Create, or Edit of one note (by id, re-read from the latest answer). Closing
 * keeps what it showed, so the title does not change while it fades out.
 */
type ModalState = { isOpen: boolean; noteId: string | null };

/**
 * The Lecture Notes section of the workspace page (spec part 2, section 2): Refresh, Create
 * Lecture Note (owner, or a member who is not a viewer), and the note cards in the caller's sort
 * order (the server's; the preference is set in Settings). With `noteId` (its own address,
 * `/workspace/:id/notes/:noteId`, issue 22) it shows that note alone, with the way back to all.
 */
export function LectureNotesSection({
  detail,
  noteId = null,
}: {
  detail: WorkspaceDetail;
  noteId?: string | null;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const viewerId = session.user?.id ?? null;
  const query = useNotesSection(viewerId, detail.id, session.status !== 'loading');
  const [modal, setModal] = useState<ModalState>({ isOpen: false, noteId: null });
  const section = query.data;

  const viewer: TaskViewer | null = section
    ? {
        userId: viewerId,
        role: detail.role,
        myTeamId: section.myTeamId,
        isLeader: section.isLeader,
      }
    : null;
  const editing: LectureNote | null =
    modal.noteId === null
      ? null
      : (section?.notes.find((note) => note.id === modal.noteId) ?? null);
  // An edited note that went away meanwhile (deleted elsewhere) closes the modal.
  const isModalOpen = modal.isOpen && (modal.noteId === null || editing !== null);

  let content;
  if (query.isPending) {
    content = <SectionLoading label={t('lectureNotes.loading')} />;
  } else if (query.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle size={18} aria-hidden="true" />}
        title={t('lectureNotes.loadFailed')}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{apiErrorMessage(query.error, t('lectureNotes.loadFailed'))}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('lectureNotes.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (noteId !== null) {
    const note = query.data.notes.find((item) => item.id === noteId);
    content =
      note && viewer ? (
        <NoteCard
          workspaceId={detail.id}
          note={note}
          viewer={viewer}
          onEdit={() => setModal({ isOpen: true, noteId: note.id })}
        />
      ) : (
        <Text c="dimmed" role="status">
          {t('lectureNotes.noteMissing')}
        </Text>
      );
  } else if (query.data.notes.length === 0) {
    content = (
      <Stack gap={4}>
        <Text c="dimmed">{t('lectureNotes.empty')}</Text>
        {query.data.canCreate ? (
          <Text size="sm" c="dimmed">
            {t('lectureNotes.emptyCanCreate')}
          </Text>
        ) : null}
      </Stack>
    );
  } else {
    content = (
      <Stack gap="md">
        {query.data.notes.map((note) =>
          viewer ? (
            <NoteCard
              key={note.id}
              workspaceId={detail.id}
              note={note}
              viewer={viewer}
              onEdit={() => setModal({ isOpen: true, noteId: note.id })}
            />
          ) : null,
        )}
      </Stack>
    );
  }

  return (
    <PageSection title={t('lectureNotes.title')}>
      <Group justify="flex-end" gap="sm">
        {noteId !== null ? (
          <Anchor
            component={Link}
            to={workspaceTabPath(detail.id, 'notes')}
            size="sm"
            mr="auto"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={14} aria-hidden="true" />
            {t('lectureNotes.allNotes')}
          </Anchor>
        ) : null}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={() => void query.refetch()}
          loading={query.isFetching && !query.isPending}
          disabled={query.isPending}
        >
          {t('lectureNotes.refresh')}
        </Button>
        {section?.canCreate && noteId === null ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setModal({ isOpen: true, noteId: null })}
          >
            {t('lectureNotes.create')}
          </Button>
        ) : null}
      </Group>
      {content}
      <NoteModal
        workspaceId={detail.id}
        opened={isModalOpen}
        note={editing}
        onClose={() => setModal((current) => ({ ...current, isOpen: false }))}
      />
    </PageSection>
  );
}
