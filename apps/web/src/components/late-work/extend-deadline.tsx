import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker, DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus } from '@tabler/icons-react';
import { instantFromWallTime, wallTimeInZone } from '@teamshuffle/domain';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { type ExtensionTarget, useDeleteExtension, usePutExtension } from './extensions-api';
import { useFormatDate } from '../../lib/dates/use-format-date';

/** A picker's wall time in the workspace's zone as an instant (ISO 8601), or null. */
function instantOf(picked: string | null | undefined, timeZone: string): string | null {
  const ms = picked ? instantFromWallTime(picked.trim(), timeZone) : null;
  return ms === null ? null : new Date(ms).toISOString();
}

interface ExtendDeadlineProps {
  target: ExtensionTarget;
  /** The item's own deadline (an extension must be later); null: nothing to extend. */
  deadline: string | null;
  /** The holder's current extension, if any. */
  extendedTo: string | null | undefined;
  /** Whose: "Team 2" or a member's name, for the dialog's title. */
  holder: { teamNumber: number } | { name: string };
}

/**
 * The owner's "Extend deadline" for one team (or one member of an individual task; decision
 * 0030): "Extended to ..." when it has one, and a dialog with the new deadline, Save and Remove.
 */
export function ExtendDeadline({ target, deadline, extendedTo, holder }: ExtendDeadlineProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const [opened, { open, close }] = useDisclosure(false);
  if (deadline === null) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="extension">
      {extendedTo ? (
        <Text size="sm" c="teal" fw={500} data-testid="extended-to">
          {t('lateRules.extension.extendedTo', { date: dates.deadline(extendedTo) })}
        </Text>
      ) : null}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCalendarPlus size={14} aria-hidden="true" />}
        onClick={open}
      >
        {extendedTo ? t('lateRules.extension.change') : t('lateRules.extension.extend')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        centered
        title={
          'teamNumber' in holder
            ? t('lateRules.extension.dialogTitle', { number: holder.teamNumber })
            : t('lateRules.extension.dialogTitleMember', { name: holder.name })
        }
      >
        {opened ? (
          <ExtensionForm
            target={target}
            deadline={deadline}
            extendedTo={extendedTo ?? null}
            onDone={close}
          />
        ) : null}
      </Modal>
    </Group>
  );
}

function ExtensionForm({
  target,
  deadline,
  extendedTo,
  onDone,
}: {
  target: ExtensionTarget;
  deadline: string;
  extendedTo: string | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dates = useFormatDate();
  const put = usePutExtension();
  const remove = useDeleteExtension();
  const [value, setValue] = useState<string | null>(() => extendedTo);
  const [failure, setFailure] = useState<string | null>(null);
  const isPending = put.isPending || remove.isPending;
  const refused = (error: Error) => {
    const message =
      error instanceof ApiError
        ? apiErrorMessage(error, t('lateRules.extension.failed'))
        : t('lateRules.extension.failed');
    setFailure(message);
  };
  const save = () => {
    setFailure(null);
    if (value === null) {
      setFailure(t('lateRules.extension.pickDate'));
      return;
    }
    put.mutate(
      { ...target, dueAt: value },
      {
        onSuccess: () => {
          notify.success(t('lateRules.extension.saved'));
          onDone();
        },
        onError: refused,
      },
    );
  };
  const drop = () => {
    setFailure(null);
    remove.mutate(target, {
      onSuccess: () => {
        notify.success(t('lateRules.extension.removed'));
        onDone();
      },
      onError: refused,
    });
  };
  return (
    <DatesProvider settings={{ locale: i18n.language === 'ko' ? 'ko' : 'en' }}>
      <Stack gap="md">
        <DateTimePicker
          label={t('lateRules.extension.dueLabel')}
          description={t('lateRules.extension.dueHint', { date: dates.deadline(deadline) })}
          value={value === null ? null : wallTimeInZone(value, dates.timeZone)}
          onChange={(picked) => setValue(instantOf(picked, dates.timeZone))}
          valueFormat={(picked: string) => {
            const instant = instantOf(picked, dates.timeZone);
            return instant === null ? picked : dates.dateTime(instant);
          }}
          data-autofocus
          data-testid="extension-due"
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {extendedTo ? (
            <Button color="red" variant="subtle" onClick={drop} loading={remove.isPending}>
              {t('lateRules.extension.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onDone} disabled={isPending}>
              {t('lateRules.extension.cancel')}
            </Button>
            <Button onClick={save} loading={put.isPending} disabled={isPending}>
              {t('lateRules.extension.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </DatesProvider>
  );
}
