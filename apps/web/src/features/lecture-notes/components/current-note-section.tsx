import { Alert, Anchor, Text } from '@mantine/core';
import { dateKeyInZone, workspaceTabPath } from '@teamshuffle/domain';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageSection } from '../../../components/page-section';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/i18n';
import { SectionLoading } from '../../../components/section-loading';
import { useSession } from '../../../lib/session/session-context';
import { useNotesSection } from '../api/get-notes-section';
import { currentNote } from '../utils/current-note';
import { useFormatDate } from '../../../lib/dates/use-format-date';
import { useNow } from '../../../hooks/use-now';
import type { TaskViewer } from '../utils/task-view';
import { NoteCard } from './note-card';
import { lazyModal } from '../../../components/lazy-modal';

const NoteModal = lazyModal(async () => (await import('./note-modal')).NoteModal);

/**
 * The Overview's lecture note (issue 22: the current week in front): the latest lecture on or
 * before today, whole, with its task, and the way to every note. Reads the same answer as the
 * Lecture Notes section (one query, one cache entry).
 */
export function CurrentNoteSection({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const now = useNow();
  const session = useSession();
  const viewerId = session.user?.id ?? null;
  const query = useNotesSection(viewerId, detail.id, session.status !== 'loading');
  const [isEditing, setIsEditing] = useState(false);
  const section = query.data;
  // Today is the workspace's calendar day (issue 26), the same for every viewer of the course.
  const note = section ? currentNote(section.notes, dateKeyInZone(now, dates.timeZone)) : null;

  let content;
  if (query.isPending) {
    content = <SectionLoading label={t('lectureNotes.loading')} />;
  } else if (query.isError) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {apiErrorMessage(query.error, t('lectureNotes.loadFailed'))}
      </Alert>
    );
  } else if (note === null || section === undefined) {
    content = <Text c="dimmed">{t('lectureNotes.empty')}</Text>;
  } else {
    const viewer: TaskViewer = {
      userId: viewerId,
      role: detail.role,
      myTeamId: section.myTeamId,
      isLeader: section.isLeader,
    };
    content = (
      <NoteCard
        workspaceId={detail.id}
        note={note}
        viewer={viewer}
        onEdit={() => setIsEditing(true)}
      />
    );
  }

  return (
    <PageSection title={t('lectureNotes.current.title')}>
      {content}
      <Anchor component={Link} to={workspaceTabPath(detail.id, 'notes')} size="sm">
        {section
          ? t('lectureNotes.allNotesCount', { count: section.notes.length })
          : t('lectureNotes.allNotes')}
      </Anchor>
      {note ? (
        <NoteModal
          workspaceId={detail.id}
          opened={isEditing}
          note={note}
          onClose={() => setIsEditing(false)}
        />
      ) : null}
    </PageSection>
  );
}
