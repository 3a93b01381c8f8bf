import '@mantine/dates/styles.css';
import 'dayjs/locale/ko';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DatePickerInput, DateTimePicker, DatesProvider } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  MAX_FILE_SIZE_MB_MAX,
  MAX_FILE_SIZE_MB_MIN,
  TASK_ALLOWED_TYPES,
  TEXT_LIMITS,
  WEEK_MAX,
  WEEK_MIN,
  lectureNoteForm,
} from '@teamshuffle/domain';
import type { LectureNote } from '@teamshuffle/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useWorkspaceCalendar } from '../../../lib/dates/workspace-calendar';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { LateRuleFields } from '../../../components/late-work/late-rule-fields';
import { useCreateNote } from '../api/create-note';
import { useUpdateNote } from '../api/update-note';
import {
  chosenAssignmentType,
  chosenTypes,
  deadlineFromPicker,
  deadlineToPicker,
  defaultTaskValues,
  isEmptyChange,
  noteChanges,
  noteFormValues,
} from '../utils/note-form';
import type { TaskFormValues } from '../utils/note-form';
import {
  followDate,
  initialWeekMode,
  isDateOutsideWeeks,
  isWeekInRange,
  toggleWeekField,
  weekAfterDateChange,
  weekTyped,
} from '../utils/week-mode';

interface NoteModalProps {
  workspaceId: string;
  opened: boolean;
  /** The note to edit, or null for Create Lecture Note. */
  note: LectureNote | null;
  onClose: () => void;
}

const TYPE_OPTIONS = TASK_ALLOWED_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }));

/** The lecture note modal, create and edit (spec part 2, sections 2, 4 and 5). */
export function NoteModal({ workspaceId, opened, note, onClose }: NoteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={note ? t('lectureNotes.form.editTitle') : t('lectureNotes.form.createTitle')}
      size="lg"
      centered
    >
      {/* The modal mounts its content on each opening: every opening starts afresh. */}
      <NoteForm key={note?.id ?? 'new'} workspaceId={workspaceId} note={note} onClose={onClose} />
    </Modal>
  );
}

function NoteForm({
  workspaceId,
  note,
  onClose,
}: {
  workspaceId: string;
  note: LectureNote | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const weekHintId = useId();
  // The week follows the date in the workspace's calendar (issue 26).
  const calendar = useWorkspaceCalendar();
  const create = useCreateNote();
  const update = useUpdateNote();
  // The note's own rules (lectureNoteInput) with the number fields as inputs hold them: the same
  // words in the browser as from the API.
  const form = useSchemaForm(lectureNoteForm, { initialValues: noteFormValues(note) });
  const [weekMode, setWeekMode] = useState(() => initialWeekMode(note !== null));
  // The task's fields while it is switched off, so switching it back on restores them.
  const [setAsideTask, setSetAsideTask] = useState<TaskFormValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { task } = form.values;
  const isPending = create.isPending || update.isPending;

  const changeDate = (value: string | null) => {
    form.setFieldValue('date', value);
    form.setFieldValue('week', weekAfterDateChange(value, form.values.week, weekMode, calendar));
  };

  const switchTask = (isIncluded: boolean) => {
    if (isIncluded) {
      form.setFieldValue('task', setAsideTask ?? defaultTaskValues());
    } else {
      setSetAsideTask(task);
      form.setFieldValue('task', null);
    }
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const failed = (error: unknown, toast: string) => {
      notify.error(toast);
      if (error instanceof ApiError && error.status < 500)
        setFailure(apiErrorMessage(error, toast));
    };
    if (!note) {
      create.mutate(
        { workspaceId, note: values },
        {
          onSuccess: () => {
            notify.success(t('lectureNotes.toasts.created'));
            onClose();
          },
          // spec part 2, section 8: the service's error, or 'Failed to create lecture note'.
          onError: (error) =>
            failed(error, apiErrorMessage(error, t('lectureNotes.toasts.createFailed'))),
        },
      );
      return;
    }
    const changes = noteChanges(note, values);
    if (isEmptyChange(changes)) {
      notify.info(t('lectureNotes.toasts.unchanged'));
      onClose();
      return;
    }
    update.mutate(
      { workspaceId, noteId: note.id, changes },
      {
        onSuccess: () => {
          notify.success(t('lectureNotes.toasts.updated'));
          onClose();
        },
        onError: (error) => failed(error, t('lectureNotes.toasts.updateFailed')),
      },
    );
  });

  const weekText = t(
    weekMode.isManual ? 'lectureNotes.form.weekManual' : 'lectureNotes.form.weekFollowsDate',
    { week: form.values.week === '' ? '?' : form.values.week },
  );

  return (
    <DatesProvider settings={{ locale: i18n.language === 'ko' ? 'ko' : 'en' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('lectureNotes.form.title')}
            withAsterisk
            maxLength={TEXT_LIMITS.title}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('lectureNotes.form.description')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={TEXT_LIMITS.description}
            {...form.getInputProps('description')}
          />
          <DatePickerInput
            label={t('lectureNotes.form.date')}
            placeholder={t('lectureNotes.form.datePlaceholder')}
            valueFormat="YYYY-MM-DD"
            clearable
            value={form.values.date}
            onChange={changeDate}
            error={form.errors['date']}
          />
          <Stack gap={6}>
            <Group gap="sm">
              <Text size="sm" id={weekHintId} data-testid="note-week">
                {weekText}
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setWeekMode(toggleWeekField)}
                aria-expanded={weekMode.isShown}
              >
                {weekMode.isShown
                  ? t('lectureNotes.form.hideWeek')
                  : t('lectureNotes.form.showWeek')}
              </Button>
              {weekMode.isManual && form.values.date !== null ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    const next = followDate(form.values.date, form.values.week, weekMode, calendar);
                    setWeekMode(next.mode);
                    form.setFieldValue('week', next.week);
                  }}
                >
                  {t('lectureNotes.form.followDate')}
                </Button>
              ) : null}
            </Group>
            {weekMode.isShown || form.errors['week'] ? (
              <NumberInput
                label={t('lectureNotes.form.week')}
                aria-describedby={weekHintId}
                min={WEEK_MIN}
                max={WEEK_MAX}
                allowDecimal={false}
                allowNegative={false}
                // A typed 25 is refused with the range next to the field, never made 20.
                clampBehavior="none"
                {...form.getInputProps('week')}
                onChange={(value: number | string) => {
                  form.setFieldValue('week', value);
                  setWeekMode(weekTyped);
                  if (!isWeekInRange(value))
                    form.setFieldError(
                      'week',
                      t('lectureNotes.form.errors.weekRange', { min: WEEK_MIN, max: WEEK_MAX }),
                    );
                }}
              />
            ) : null}
            {isDateOutsideWeeks(form.values.date, calendar) ? (
              <Text size="sm" c="orange.8" data-testid="note-week-outside">
                {t('courseCalendar.week.outside')}
              </Text>
            ) : null}
          </Stack>

          <Switch
            label={t('lectureNotes.form.includeTask')}
            description={t('lectureNotes.form.includeTaskHint')}
            checked={task !== null}
            onChange={(event) => switchTask(event.currentTarget.checked)}
          />
          {task ? (
            <Stack gap="sm" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
              <TextInput
                label={t('lectureNotes.form.taskTitle')}
                withAsterisk
                maxLength={TEXT_LIMITS.title}
                {...form.getInputProps('task.title')}
              />
              <Textarea
                label={t('lectureNotes.form.taskDescription')}
                autosize
                minRows={2}
                maxRows={8}
                maxLength={TEXT_LIMITS.description}
                {...form.getInputProps('task.description')}
              />
              <DateTimePicker
                label={t('lectureNotes.form.deadline')}
                placeholder={t('lectureNotes.form.deadlinePlaceholder')}
                valueFormat="YYYY-MM-DD HH:mm"
                clearable
                value={deadlineToPicker(task.deadline, calendar?.timeZone)}
                onChange={(value) =>
                  form.setFieldValue('task.deadline', deadlineFromPicker(value, calendar?.timeZone))
                }
                error={form.errors['task.deadline']}
              />
              <NumberInput
                label={t('lectureNotes.form.maxFileSize')}
                description={t('lectureNotes.form.maxFileSizeHint')}
                min={MAX_FILE_SIZE_MB_MIN}
                max={MAX_FILE_SIZE_MB_MAX}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('task.maxFileSizeMb')}
              />
              <MultiSelect
                label={t('lectureNotes.form.allowedTypes')}
                data={TYPE_OPTIONS}
                value={task.allowedTypes}
                onChange={(values) => form.setFieldValue('task.allowedTypes', chosenTypes(values))}
                error={form.errors['task.allowedTypes']}
                clearable
              />
              <Radio.Group
                label={t('lectureNotes.form.assignmentType')}
                value={task.assignmentType}
                onChange={(value) =>
                  form.setFieldValue(
                    'task.assignmentType',
                    chosenAssignmentType(value, task.assignmentType),
                  )
                }
              >
                <Stack gap={6} mt={6}>
                  <Radio value="team" label={t('lectureNotes.form.typeTeam')} />
                  <Radio value="individual" label={t('lectureNotes.form.typeIndividual')} />
                </Stack>
              </Radio.Group>
              <LateRuleFields
                testId="task"
                values={task}
                onChange={(patch) => form.setFieldValue('task', { ...task, ...patch })}
                errors={{
                  latePenaltyPercentPerDay: form.errors['task.latePenaltyPercentPerDay'],
                  latePenaltyFloorPercent: form.errors['task.latePenaltyFloorPercent'],
                  graceMinutes: form.errors['task.graceMinutes'],
                }}
              />
            </Stack>
          ) : null}

          {failure ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle size={18} aria-hidden="true" />}
            >
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              {t('lectureNotes.form.cancel')}
            </Button>
            <Button type="submit" loading={isPending}>
              {note ? t('lectureNotes.form.save') : t('lectureNotes.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
