import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Image,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto, IconTrash } from '@tabler/icons-react';
import { fileUrl, formatFileSize, isImageFileName } from '@teamshuffle/domain';
import type { LectureNote, NoteAttachment } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FileUpload } from '../../../components/file-upload';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { notify } from '../../../lib/notify';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useAttachmentUpload } from '../api/upload-attachments';
import { galleryImages } from '../utils/gallery';
import { ImageGallery } from './image-gallery';
import { lazyModal } from '../../../components/lazy-modal';

// Dialogs load with their first opening (issue 14).
const ConfirmDeleteModal = lazyModal(
  async () => (await import('./confirm-delete-modal')).ConfirmDeleteModal,
);

interface NoteAttachmentsProps {
  workspaceId: string;
  note: LectureNote;
}

/**
 * A note's attachments (spec part 2, section 5): images open the gallery, other files download
 * through the authorized route; the owner or the author adds files through the shared upload
 * component and deletes them after a confirmation.
 */
export function NoteAttachments({ workspaceId, note }: NoteAttachmentsProps) {
  const { t } = useTranslation();
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<NoteAttachment | null>(null);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const remove = useDeleteAttachment();
  const images = galleryImages(note.attachments);
  const canEdit = note.canEdit;

  if (note.attachments.length === 0 && !canEdit) return null;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { workspaceId, noteId: note.id, attachmentId: toDelete.id },
      {
        onSuccess: () => {
          setToDelete(null);
          notify.success(t('lectureNotes.attachments.deleted'));
        },
        onError: (error) =>
          notify.error(apiErrorMessage(error, t('lectureNotes.attachments.deleteFailed'))),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={4} size="h6">
          {t('lectureNotes.attachments.title')}
        </Title>
        {canEdit ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPaperclip size={14} aria-hidden="true" />}
            onClick={() => setIsUploadOpen((open) => !open)}
            aria-expanded={isUploadOpen}
          >
            {isUploadOpen
              ? t('lectureNotes.attachments.closeUpload')
              : t('lectureNotes.attachments.add')}
          </Button>
        ) : null}
      </Group>
      {note.attachments.length > 0 ? (
        <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {note.attachments.map((attachment) => (
            <Group
              component="li"
              key={attachment.id}
              gap="sm"
              wrap="nowrap"
              data-testid="note-attachment"
            >
              {isImageFileName(attachment.file.name) ? (
                <ImageThumbnail
                  attachment={attachment}
                  onOpen={() =>
                    setGalleryIndex(images.findIndex((image) => image.id === attachment.id))
                  }
                />
              ) : (
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFile size={18} aria-hidden="true" />
                  <Anchor
                    href={fileUrl(attachment.file.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    aria-label={t('lectureNotes.attachments.open', { name: attachment.file.name })}
                    truncate
                  >
                    {attachment.file.name}
                  </Anchor>
                </Group>
              )}
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(attachment.file.size)}
              </Text>
              {canEdit ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('lectureNotes.attachments.delete', { name: attachment.file.name })}
                  onClick={() => setToDelete(attachment)}
                >
                  <IconTrash size={14} aria-hidden="true" />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
      {canEdit && isUploadOpen ? (
        <AttachmentUpload workspaceId={workspaceId} noteId={note.id} />
      ) : null}
      <ImageGallery
        images={images}
        index={galleryIndex}
        onIndexChange={setGalleryIndex}
        onClose={() => setGalleryIndex(null)}
      />
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={t('lectureNotes.confirm.attachmentTitle')}
        text={t('lectureNotes.confirm.attachmentText', { name: toDelete?.file.name ?? '' })}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}

/** The upload area: mounted only while open, so a closed card holds no upload state. */
function AttachmentUpload({ workspaceId, noteId }: { workspaceId: string; noteId: string }) {
  const upload = useAttachmentUpload(workspaceId, noteId);
  return <FileUpload upload={upload} />;
}

/** An image attachment: a thumbnail button that opens the gallery at it. */
function ImageThumbnail({
  attachment,
  onOpen,
}: {
  attachment: NoteAttachment;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('lectureNotes.attachments.openImage', { name: attachment.file.name })}
      style={{ minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap">
        {hasFailed ? (
          <IconPhoto size={40} aria-hidden="true" />
        ) : (
          <Image
            src={fileUrl(attachment.file.id)}
            alt=""
            w={40}
            h={40}
            radius="sm"
            fit="cover"
            loading="lazy"
            onError={() => setHasFailed(true)}
          />
        )}
        <Text size="sm" c="blue" truncate>
          {attachment.file.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
