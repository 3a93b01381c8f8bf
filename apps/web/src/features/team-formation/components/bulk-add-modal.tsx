import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { bulkMembersForm } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/form/issue-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { useMemo } from 'react';
import { lineStart, readBulkLines } from '../model/bulk-lines';
import { DRAFT_MEMBERS_MAX, repeatsIn } from '../model/draft';
import type { DraftMember } from '../model/draft';
import { RepeatsNote } from './duplicate-notes';

type BulkAddModalProps = {
  opened: boolean;
  /** How many more members the list can take. */
  room: number;
  /** The members already on the list (a name they have is warned about). */
  members: readonly DraftMember[];
  onClose: () => void;
  onAdd: (names: string[]) => void;
};

/** 'Bulk add members' (spec part 1, section 5): one name per line, blank lines dropped. */
export function BulkAddModal({ opened, room, members, onClose, onAdd }: BulkAddModalProps) {
  const { t } = useTranslation();
  // A problem with one line (too long, refused characters) shows under the text box, naming the
  // line (issue 27); the preview counts only the names that can be added.
  const form = useSchemaForm(bulkMembersForm, { initialValues: { text: '' }, collapse: ['text'] });
  const text = form.values.text;
  const { names, problems } = useMemo(() => readBulkLines(text), [text]);
  const count = names.length;
  // Issue 23: a name the list has, or one given twice here, is warned about; it is still added.
  const repeated = useMemo(
    () =>
      repeatsIn(
        members,
        names.map((name) => ({ name })),
      ).names,
    [members, names],
  );

  const close = () => {
    form.clearErrors();
    onClose();
  };
  const submit = form.onSubmit(
    ({ text: names }) => {
      if (names.length > room) {
        form.setFieldError('text', t('teamFormation.members.tooMany', { max: DRAFT_MEMBERS_MAX }));
        return;
      }
      onAdd(names);
      form.reset();
      notifications.show({
        message: t('teamFormation.bulk.added', { count: names.length }),
        color: 'teal',
      });
    },
    () => {
      const [first, ...others] = problems;
      if (!first) return;
      const message = t('teamFormation.bulk.lineProblem', {
        line: first.line,
        start: lineStart(first.text),
        problem: issueMessage(first.issue, t),
      });
      form.setFieldError(
        'text',
        others.length > 0
          ? t('teamFormation.bulk.moreLines', { message, count: others.length })
          : message,
      );
    },
  );

  return (
    <Modal opened={opened} onClose={close} title={t('teamFormation.bulk.title')} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('teamFormation.bulk.label')}
            description={t('teamFormation.bulk.hint')}
            placeholder={t('teamFormation.bulk.placeholder')}
            autosize
            minRows={6}
            maxRows={14}
            data-autofocus
            {...form.getInputProps('text')}
          />
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="bulk-preview">
            {t('teamFormation.bulk.preview', { count })}
          </Text>
          <RepeatsNote names={repeated} namesKey="teamFormation.duplicates.bulkNames" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('teamFormation.bulk.cancel')}
            </Button>
            <Button type="submit">{t('teamFormation.bulk.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
