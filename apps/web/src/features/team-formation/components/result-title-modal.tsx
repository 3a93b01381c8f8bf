import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { RESULT_TITLE_MAX, resultTitleForm } from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/form/use-schema-form';

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
  /**
   * A name the user may reuse (Create Team from a saved result, issue 27): offered as a button
   * that fills the field, never filled in already, so creating stays a deliberate step.
   */
  suggestion?: { title: string; label: string } | null;
  isPending: boolean;
  /** A refusal from the server (a duplicate title), shown inline until the name is edited. */
  serverError: TitleFieldError | null;
  /**
   * Why these teams cannot be saved as they are (issue 23: two members with one e-mail), and
   * what to do; shown instead of sending, with the submit button off.
   */
  blocker?: { message: string; hint: string } | null;
  onEdit: () => void;
  /** Called with the name as stored (trimmed, NFC) once it passes the result title rule. */
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
  suggestion = null,
  isPending,
  serverError,
  blocker = null,
  onEdit,
  onSubmit,
  onCancel,
}: TitleFormProps) {
  const { t } = useTranslation();
  // spec part 1, section 5: name required (trimmed): the API's result title rule.
  const form = useSchemaForm(resultTitleForm, { initialValues: { title: initialTitle } });
  const submit = form.onSubmit(({ title }) => {
    if (!blocker) onSubmit(title);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        {blocker ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden="true" />}
            role="alert"
            data-testid="save-blocked"
          >
            <Text size="sm" data-testid="save-blocked-message">
              {blocker.message}
            </Text>
            <Text size="sm" mt={4}>
              {blocker.hint}
            </Text>
          </Alert>
        ) : null}
        <TextInput
          label={label}
          placeholder={placeholder}
          required
          autoComplete="off"
          maxLength={RESULT_TITLE_MAX}
          data-autofocus
          {...form.getInputProps('title')}
          error={form.errors['title'] ?? serverError?.message ?? null}
          onChange={(event) => {
            form.setFieldValue('title', event.currentTarget.value);
            if (serverError) onEdit();
          }}
        />
        {suggestion && form.values.title !== suggestion.title ? (
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => {
                form.setFieldValue('title', suggestion.title);
                if (serverError) onEdit();
              }}
            >
              {suggestion.label}
            </Button>
          </Group>
        ) : null}
        {serverError?.note ? (
          <Text size="xs" c="dimmed" data-testid="title-note">
            {serverError.note}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            {t('teamFormation.save.cancel')}
          </Button>
          <Button type="submit" loading={isPending} disabled={blocker !== null}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
