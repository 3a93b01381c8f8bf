import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceCard } from '../api/list-workspaces';
import { parseTeamNumber } from '../utils/team-order';

interface TeamNumberModalProps {
  card: WorkspaceCard | null;
  onClose: () => void;
  /** Called with a valid number only; anything else is ignored (spec part 1, section 5). */
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
  const [value, setValue] = useState(String(card.teamNumber));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const teamNumber = parseTeamNumber(value);
    onClose();
    if (teamNumber !== null && teamNumber !== card.teamNumber) onSubmit(card, teamNumber);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('workspaces.numberModal.label', { title: card.title })}
          description={t('workspaces.numberModal.hint')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
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
