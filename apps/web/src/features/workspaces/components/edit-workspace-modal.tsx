import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { RESULT_TITLE_MAX, resultTitleForm } from '@teamshuffle/domain';
import type { WorkspaceCard } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { useUpdateWorkspaceTitle } from '../../../lib/api/update-workspace-title';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';

interface EditWorkspaceModalProps {
  card: WorkspaceCard | null;
  onClose: () => void;
}

/** Edit on the list page: rename a team (creator only; spec part 1, section 6). */
export function EditWorkspaceModal({ card, onClose }: EditWorkspaceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={card !== null}
      onClose={onClose}
      title={t('workspaces.editModal.title')}
      centered
    >
      {card ? <EditForm key={card.id} card={card} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditForm({ card, onClose }: { card: WorkspaceCard; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateWorkspaceTitle();
  // The title rule of PATCH /api/workspaces/:id (resultTitle).
  const form = useSchemaForm(resultTitleForm, { initialValues: { title: card.title } });

  const submit = form.onSubmit(({ title }) => {
    // Unchanged: nothing to save (the server would refuse it anyway).
    if (title === card.title) {
      onClose();
      return;
    }
    update.mutate(
      { workspaceId: card.id, title },
      {
        onSuccess: () => {
          notify.success(t('workspaces.editModal.success'));
          onClose();
        },
        onError: () => notify.error(t('workspaces.editModal.failed')),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('workspaces.editModal.label')}
          maxLength={RESULT_TITLE_MAX}
          withAsterisk
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('workspaces.editModal.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('workspaces.editModal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
