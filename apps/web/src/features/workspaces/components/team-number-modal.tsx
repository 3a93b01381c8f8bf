import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { teamNumberForm } from '@teamshuffle/domain';
import type { WorkspaceCard } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/form/use-schema-form';

interface TeamNumberModalProps {
  card: WorkspaceCard | null;
  onClose: () => void;
  /** Called with a valid number only; anything else is named next to the field (issue 27). */
  onSubmit: (card: WorkspaceCard, teamNumber: number) => void;
}

/** The '#' prompt: a new number for one team. */
export function TeamNumberModal({ card, onClose, onSubmit }: TeamNumberModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={card !== null}
      onClose={onClose}
      title={t('workspaces.numberModal.title')}
      centered
    >
      {card ? (
        <TeamNumberForm key={card.id} card={card} onClose={onClose} onSubmit={onSubmit} />
      ) : null}
    </Modal>
  );
}

function TeamNumberForm({
  card,
  onClose,
  onSubmit,
}: {
  card: WorkspaceCard;
  onClose: () => void;
  onSubmit: (card: WorkspaceCard, teamNumber: number) => void;
}) {
  const { t } = useTranslation();
  // The number rule of PUT /api/workspaces/order. The spec's prompt ignored anything else (part 1,
  // section 5); issue 27: the prompt stays open and says what the number must be.
  const form = useSchemaForm(teamNumberForm, {
    initialValues: { teamNumber: String(card.teamNumber) },
  });
  const submit = form.onSubmit(({ teamNumber }) => {
    onClose();
    if (teamNumber !== card.teamNumber) onSubmit(card, teamNumber);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('workspaces.numberModal.label', { title: card.title })}
          description={t('workspaces.numberModal.hint')}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('teamNumber')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('workspaces.numberModal.cancel')}
          </Button>
          <Button type="submit">{t('workspaces.numberModal.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
