import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { RESULT_TITLE_MAX } from '@teamshuffle/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { WorkspaceCard } from '../api/list-workspaces';
import { useUpdateWorkspaceTitle } from '../../../lib/workspace-api';

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
  const [title, setTitle] = useState(card.title);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError(t('workspaces.editModal.required'));
      return;
    }
    // Unchanged: nothing to save (the server would refuse it anyway).
    if (trimmed === card.title) {
      onClose();
      return;
    }
    update.mutate(
      { workspaceId: card.id, title: trimmed },
      {
        onSuccess: () => {
          notify.success(t('workspaces.editModal.success'));
          onClose();
        },
        onError: () => notify.error(t('workspaces.editModal.failed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('workspaces.editModal.label')}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={RESULT_TITLE_MAX}
          withAsterisk
          data-autofocus
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
