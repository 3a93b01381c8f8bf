import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AssignmentView } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteAssignment } from '../api/delete-assignment';

/** Delete an assignment, confirmed first: every submitted file goes with it (spec part 2, section 5). */
export function DeleteAssignmentModal({
  opened,
  onClose,
  workspaceId,
  assignment,
}: {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  assignment: AssignmentView | null;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAssignment();
  const confirm = () => {
    if (!assignment) return;
    remove.mutate(
      { workspaceId, assignmentId: assignment.id },
      {
        onSuccess: () => {
          notify.success(t('assignments.remove.deleted'));
          onClose();
        },
        onError: () => notify.error(t('assignments.remove.failed')),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('assignments.remove.title')} centered>
      <Stack gap="md">
        <Text>{t('assignments.remove.text', { title: assignment?.title ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            {t('assignments.remove.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t('assignments.remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
