import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { RESULT_TITLE_MAX } from '@teamshuffle/domain';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A refusal to show under the name field, with an optional note below it. */
export type TitleFieldError = { message: string; note?: string };

type ResultTitleModalProps = {
  opened: boolean;
  onClose: () => void;
  modalTitle: string;
  intro: ReactNode;
  label: string;
  placeholder: string;
  submitLabel: string;
  initialTitle: string;
  isPending: boolean;
  /** A refusal from the server (a duplicate title), shown inline until the name is edited. */
  serverError: TitleFieldError | null;
  onEdit: () => void;
  /** Called with the trimmed name once it passes the checks. */
  onSubmit: (title: string) => void;
};

/** The name step of Save Result and Create Team: a name is required (trimmed). */
export function ResultTitleModal({ opened, onClose, modalTitle, ...form }: ResultTitleModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={form.isPending ? () => undefined : onClose}
      title={modalTitle}
      centered
    >
      {/* Mounted only while open: every opening starts from the initial name. */}
      <TitleForm {...form} onCancel={onClose} />
    </Modal>
  );
}

type TitleFormProps = Omit<ResultTitleModalProps, 'opened' | 'onClose' | 'modalTitle'> & {
  onCancel: () => void;
};

function TitleForm({
  intro,
  label,
  placeholder,
  submitLabel,
  initialTitle,
  isPending,
  serverError,
  onEdit,
  onSubmit,
  onCancel,
}: TitleFormProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initialTitle);
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec part 1, section 5: name required (trimmed)
    const trimmed = title.trim();
    if (trimmed === '') return setLocalError(t('teamFormation.save.required'));
    if (trimmed.length > RESULT_TITLE_MAX) {
      return setLocalError(t('teamFormation.save.tooLong', { max: RESULT_TITLE_MAX }));
    }
    setLocalError(null);
    onSubmit(trimmed);
  };

  const error = localError ?? serverError?.message ?? null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        <TextInput
          label={label}
          placeholder={placeholder}
          value={title}
          error={error}
          required
          autoComplete="off"
          data-autofocus
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setLocalError(null);
            if (serverError) onEdit();
          }}
        />
        {serverError?.note ? (
          <Text size="xs" c="dimmed" data-testid="title-note">
            {serverError.note}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            {t('teamFormation.save.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
