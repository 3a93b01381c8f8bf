import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  text: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting a note or a file needs a confirmation (spec part 2, section 5). */
export function ConfirmDeleteModal({
  opened,
  title,
  text,
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            {t('lectureNotes.confirm.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={isPending} data-autofocus>
            {t('lectureNotes.confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
