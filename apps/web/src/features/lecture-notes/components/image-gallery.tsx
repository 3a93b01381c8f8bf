import { ActionIcon, Alert, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import { fileUrl } from '@teamshuffle/domain';
import type { NoteAttachment } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { galleryStep, stepIndex } from '../utils/gallery';

interface ImageGalleryProps {
  images: readonly NoteAttachment[];
  /** The image shown, or null while closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The image gallery (spec part 2, section 2): one image at a time with a visible counter; the
 * left and right arrow keys (and the buttons) move, Escape closes; an image that cannot load says
 * 'Failed to load image' with its name.
 */
export function ImageGallery({ images, index, onIndexChange, onClose }: ImageGalleryProps) {
  const { t } = useTranslation();
  const [failedIds, setFailedIds] = useState<ReadonlySet<string>>(() => new Set());
  const count = images.length;
  const current = index === null ? undefined : images[index];
  const isOpen = index !== null && current !== undefined;
  const canMove = count > 1;

  const move = (delta: number) => {
    if (index !== null && canMove) onIndexChange(stepIndex(index, delta, count));
  };

  useWindowEvent('keydown', (event) => {
    if (!isOpen || event.defaultPrevented) return;
    const delta = galleryStep(event.key);
    if (delta === null) return;
    event.preventDefault();
    move(delta);
  });

  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={current?.file.name ?? t('lectureNotes.gallery.title')}
      size="xl"
      centered
    >
      {current ? (
        <Stack gap="sm" aria-roledescription={t('lectureNotes.gallery.title')}>
          <Center mih={240}>
            {failedIds.has(current.file.id) ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconPhotoOff size={18} aria-hidden="true" />}
              >
                {t('lectureNotes.gallery.loadFailed', { name: current.file.name })}
              </Alert>
            ) : (
              <img
                key={current.file.id}
                src={fileUrl(current.file.id)}
                alt={current.file.name}
                data-testid="gallery-image"
                style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
                onError={() => setFailedIds((failed) => new Set(failed).add(current.file.id))}
              />
            )}
          </Center>
          <Group justify="space-between" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('lectureNotes.gallery.previous')}
              disabled={!canMove}
              onClick={() => move(-1)}
            >
              <IconChevronLeft size={18} aria-hidden="true" />
            </ActionIcon>
            <Stack gap={0} align="center">
              <Text fw={600} aria-live="polite" data-testid="gallery-counter">
                {t('lectureNotes.gallery.counter', { current: (index ?? 0) + 1, total: count })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('lectureNotes.gallery.hint')}
              </Text>
            </Stack>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('lectureNotes.gallery.next')}
              disabled={!canMove}
              onClick={() => move(1)}
            >
              <IconChevronRight size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
