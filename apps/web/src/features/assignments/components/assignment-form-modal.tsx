import '@mantine/dates/styles.css';
import 'dayjs/locale/ko';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateTimePicker, DatesProvider } from '@mantine/dates';
import {
  ASSIGNMENT_ALLOWED_TYPES,
  ASSIGNMENT_DEFAULT_ALLOWED_TYPES,
  DEFAULT_LATE_RULE,
  MAX_FILE_SIZE_MB_DEFAULT,
  MAX_FILE_SIZE_MB_MAX,
  MAX_FILE_SIZE_MB_MIN,
  TEXT_LIMITS,
  assignmentForm,
} from '@teamshuffle/domain';
import type { AssignmentForm, AssignmentView } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useCreateAssignment } from '../api/create-assignment';
import { useUpdateAssignment } from '../api/update-assignment';
import {
  defaultWindow,
  formatWallTime,
  instantFromSeoulWallTime,
  seoulWallTime,
} from '../utils/assignment-window';
import { LateRuleFields } from '../../../components/late-work/late-rule-fields';
import { lateRuleOf } from '../../../components/late-work/late-notice';
import { useFormatDate } from '../../../lib/dates/use-format-date';

interface AssignmentFormModalProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  /** The assignment to edit; null to create one. */
  assignment: AssignmentView | null;
  /** Changes each time the modal opens, so the form starts afresh. */
  formKey: number;
}

/** The assignment modal, create and edit (spec part 2, section 5). */
export function AssignmentFormModal({
  opened,
  onClose,
  workspaceId,
  assignment,
  formKey,
}: AssignmentFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={assignment ? t('assignments.form.editTitle') : t('assignments.form.createTitle')}
      size="lg"
      centered
    >
      <AssignmentFormBody
        key={formKey}
        workspaceId={workspaceId}
        assignment={assignment}
        onDone={onClose}
      />
    </Modal>
  );
}

function valuesOf(
  assignment: AssignmentView | null,
  now: number,
  timeZone: string,
): AssignmentForm {
  if (!assignment) {
    return {
      title: '',
      description: '',
      // spec part 2, section 9: today 00:00 to tomorrow 23:59
      ...defaultWindow(now, timeZone),
      maxFileSizeMb: MAX_FILE_SIZE_MB_DEFAULT,
      allowedTypes: [...ASSIGNMENT_DEFAULT_ALLOWED_TYPES],
      ...DEFAULT_LATE_RULE,
    };
  }
  return {
    title: assignment.title,
    description: assignment.description,
    startAt: assignment.startAt,
    endAt: assignment.endAt,
    maxFileSizeMb: assignment.maxFileSizeMb,
    allowedTypes: [...assignment.allowedTypes],
    ...lateRuleOf(assignment),
  };
}

function AssignmentFormBody({
  workspaceId,
  assignment,
  onDone,
}: {
  workspaceId: string;
  assignment: AssignmentView | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  // The pickers read and show times in the workspace's zone (issue 26).
  const dates = useFormatDate();
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const [initialValues] = useState(() => valuesOf(assignment, Date.now(), dates.timeZone));
  const form = useSchemaForm(assignmentForm, { initialValues });
  const [failure, setFailure] = useState<string | null>(null);
  const isPending = create.isPending || update.isPending;

  const refusal = (error: Error, fallback: string) => {
    notify.error(fallback);
    // A refusal (leader e-mails missing, a rule) says why next to the form as well.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      setFailure(apiErrorMessage(error, fallback));
    }
  };

  const submit = form.onSubmit((input) => {
    setFailure(null);
    if (assignment) {
      update.mutate(
        { workspaceId, assignmentId: assignment.id, update: input },
        {
          onSuccess: () => {
            notify.success(t('assignments.form.updated'));
            onDone();
          },
          onError: (error) => refusal(error, t('assignments.form.updateFailed')),
        },
      );
    } else {
      create.mutate(
        { workspaceId, input },
        {
          onSuccess: () => {
            notify.success(t('assignments.form.created'));
            onDone();
          },
          onError: (error) => refusal(error, t('assignments.form.createFailed')),
        },
      );
    }
  });

  const datePicker = (field: 'startAt' | 'endAt', label: string) => (
    <DateTimePicker
      label={label}
      placeholder={t('assignments.form.datePlaceholder')}
      value={seoulWallTime(form.values[field], dates.timeZone)}
      onChange={(value) =>
        form.setFieldValue(field, instantFromSeoulWallTime(value, dates.timeZone))
      }
      valueFormat={(value: string) => formatWallTime(value, dates.timeZone, dates.dateTime)}
      clearable
      error={form.errors[field]}
      data-testid={`assignment-${field}`}
    />
  );

  return (
    <DatesProvider settings={{ locale: i18n.language === 'ko' ? 'ko' : 'en' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('assignments.form.titleLabel')}
            required
            maxLength={TEXT_LIMITS.title}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('assignments.form.descriptionLabel')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={TEXT_LIMITS.description}
            {...form.getInputProps('description')}
          />
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {datePicker('startAt', t('assignments.form.startLabel'))}
              {datePicker('endAt', t('assignments.form.endLabel'))}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('assignments.form.dateHint')}
            </Text>
          </Stack>
          <NumberInput
            label={t('assignments.form.maxSizeLabel')}
            description={t('assignments.form.maxSizeHint')}
            min={MAX_FILE_SIZE_MB_MIN}
            max={MAX_FILE_SIZE_MB_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('maxFileSizeMb')}
          />
          <MultiSelect
            label={t('assignments.form.typesLabel')}
            placeholder={t('assignments.form.typesPlaceholder')}
            data={ASSIGNMENT_ALLOWED_TYPES.map((type) => ({
              value: type,
              label: type.toUpperCase(),
            }))}
            searchable
            {...form.getInputProps('allowedTypes')}
          />
          <LateRuleFields
            testId="assignment"
            values={form.values}
            onChange={(patch) => form.setValues(patch)}
            errors={{
              latePenaltyPercentPerDay: form.errors['latePenaltyPercentPerDay'],
              latePenaltyFloorPercent: form.errors['latePenaltyFloorPercent'],
              graceMinutes: form.errors['graceMinutes'],
            }}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={isPending}>
              {t('assignments.form.cancel')}
            </Button>
            <Button
              type="submit"
              loading={isPending}
              // spec part 2, section 5: disabled while the title is empty
              disabled={form.values.title.trim() === ''}
            >
              {assignment ? t('assignments.form.save') : t('assignments.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
