import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  REMINDER_HOURS_MAX,
  courseWeek,
  isDateOnly,
  isKnownTimeZone,
  type CourseCalendarUpdate,
  type WorkspaceDetail,
} from '@teamshuffle/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { useNow } from '../../../hooks/use-now';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation, type TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateCourseCalendar } from '../api/update-course-calendar';

type Field = 'semesterStart' | 'timeZone' | 'reminderHoursBefore';
type Errors = Partial<Record<Field, string>>;

/** Every zone the browser's Intl knows, with the workspace's own first if it is not among them. */
function zoneOptions(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  return all.includes(current) ? all : [current, ...all];
}

/** The form's values checked as the server checks them; errors are translation keys. */
export function checkCalendarForm(values: {
  semesterStart: string;
  timeZone: string | null;
  reminderHoursBefore: number | string;
}): { errors: Partial<Record<Field, TranslationKey>>; hours: number } {
  const errors: Partial<Record<Field, TranslationKey>> = {};
  if (!isDateOnly(values.semesterStart)) errors.semesterStart = 'courseCalendar.errors.date';
  if (values.timeZone === null || !isKnownTimeZone(values.timeZone))
    errors.timeZone = 'courseCalendar.errors.timeZone';
  const hours =
    typeof values.reminderHoursBefore === 'number'
      ? values.reminderHoursBefore
      : values.reminderHoursBefore.trim() === ''
        ? Number.NaN
        : Number(values.reminderHoursBefore);
  if (!Number.isInteger(hours) || hours < 0 || hours > REMINDER_HOURS_MAX)
    errors.reminderHoursBefore = 'courseCalendar.errors.hours';
  return { errors, hours };
}

/**
 * Settings, Course calendar (owner; issue 26, decision 0029): the semester's first day, the
 * workspace's time zone (searchable) and how many hours before a deadline reminders go out
 * (0: none). Only what changed is sent; the server's refusal goes next to the field it names.
 */
export function CourseCalendarSettings({
  detail,
  now,
}: {
  detail: WorkspaceDetail;
  /** The moment 'today' is (tests move it); the current time otherwise. */
  now?: number;
}) {
  const { t } = useTranslation();
  const clock = useNow();
  const save = useUpdateCourseCalendar();
  const [semesterStart, setSemesterStart] = useState(detail.semesterStart);
  const [timeZone, setTimeZone] = useState<string | null>(detail.timeZone);
  const [hours, setHours] = useState<number | string>(detail.reminderHoursBefore);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => zoneOptions(detail.timeZone), [detail.timeZone]);

  // Today's week in the calendar as typed, so the owner sees what the start means.
  const today =
    isDateOnly(semesterStart) && timeZone !== null && isKnownTimeZone(timeZone)
      ? courseWeek(now ?? clock, { semesterStart, timeZone })
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkCalendarForm({ semesterStart, timeZone, reminderHoursBefore: hours });
    const found = Object.entries(checked.errors) as Array<[Field, TranslationKey]>;
    setErrors(Object.fromEntries(found.map(([field, key]) => [field, t(key)])));
    if (found.length > 0) return;
    const changes: CourseCalendarUpdate = {};
    if (semesterStart !== detail.semesterStart) changes.semesterStart = semesterStart;
    if (timeZone !== null && timeZone !== detail.timeZone) changes.timeZone = timeZone;
    if (checked.hours !== detail.reminderHoursBefore) changes.reminderHoursBefore = checked.hours;
    if (Object.keys(changes).length === 0) {
      notify.info(t('courseCalendar.settings.unchanged'));
      return;
    }
    // mutateAsync, not mutate's callbacks: the saved calendar refetches the detail, which gives
    // this form a new key (settings-modal.tsx), and a callback of the unmounted form never ran
    // (no "saved" toast; seen in a browser test run, 2026-11-26).
    save.mutateAsync({ workspaceId: detail.id, changes }).then(
      () => notify.success(t('courseCalendar.settings.saved')),
      (error: unknown) => {
        const message = apiErrorMessage(error, t('courseCalendar.settings.failed'));
        const field = error instanceof ApiError ? error.field : undefined;
        if (field === 'semesterStart' || field === 'timeZone' || field === 'reminderHoursBefore') {
          setErrors({ [field]: message });
          return;
        }
        notify.error(t('courseCalendar.settings.failed'));
        if (error instanceof ApiError && error.status < 500) setFailure(message);
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="course-calendar-settings">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('courseCalendar.settings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('courseCalendar.settings.hint')}
        </Text>
        <TextInput
          type="date"
          label={t('courseCalendar.settings.semesterStart')}
          description={
            today
              ? `${t('courseCalendar.settings.semesterStartHint')} ${
                  today.isOutside
                    ? t('courseCalendar.settings.todayOutside')
                    : t('courseCalendar.settings.todayWeek', { week: today.week })
                }`
              : t('courseCalendar.settings.semesterStartHint')
          }
          value={semesterStart}
          onChange={(event) => {
            setSemesterStart(event.currentTarget.value);
            setErrors((current) => ({ ...current, semesterStart: undefined }));
          }}
          error={errors.semesterStart}
          disabled={save.isPending}
        />
        <Select
          label={t('courseCalendar.settings.timeZone')}
          description={t('courseCalendar.settings.timeZoneHint')}
          placeholder={t('courseCalendar.settings.timeZoneSearch')}
          nothingFoundMessage={t('courseCalendar.settings.nothingFound')}
          searchable
          limit={50}
          data={zones}
          value={timeZone}
          onChange={(value) => {
            setTimeZone(value);
            setErrors((current) => ({ ...current, timeZone: undefined }));
          }}
          error={errors.timeZone}
          disabled={save.isPending}
        />
        <NumberInput
          label={t('courseCalendar.settings.reminderHours')}
          description={t('courseCalendar.settings.reminderHoursHint')}
          min={0}
          max={REMINDER_HOURS_MAX}
          // A typed 200 is refused with a message, never quietly made 168.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          value={hours}
          onChange={(value) => {
            setHours(value);
            setErrors((current) => ({ ...current, reminderHoursBefore: undefined }));
          }}
          error={errors.reminderHoursBefore}
          disabled={save.isPending}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('courseCalendar.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
