import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

type MoveConfirmModalProps = {
  opened: boolean;
  /** 'Move Kim to Team 3?' */
  title: string;
  /** What the move breaks, each with what happens to it. */
  details: string[];
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Asks before a move by hand that breaks a constraint or the even sizes (issue 24), saying what
 * breaks and what becomes of it; the move is made only on "Move anyway".
 */
export function MoveConfirmModal({
  opened,
  title,
  details,
  onCancel,
  onConfirm,
}: MoveConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{t('teamMove.confirm.intro')}</Text>
        <List size="sm" spacing={4} data-testid="move-confirm-breaks">
          {details.map((detail) => (
            <List.Item key={detail}>{detail}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {t('teamMove.confirm.undoNote')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('teamMove.confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} data-autofocus>
            {t('teamMove.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
