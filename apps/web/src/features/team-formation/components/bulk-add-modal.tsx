import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MEMBER_NAME_MAX_LENGTH } from '@teamshuffle/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAFT_MEMBERS_MAX, parseBulkNames } from '../model/draft';

type BulkAddModalProps = {
  opened: boolean;
  /** How many more members the list can take. */
  room: number;
  onClose: () => void;
  onAdd: (names: string[]) => void;
};

/** 'Bulk add members' (spec part 1, section 5): one name per line, blank lines dropped. */
export function BulkAddModal({ opened, room, onClose, onAdd }: BulkAddModalProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const names = parseBulkNames(text);

  const close = () => {
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (names.length === 0) return setError(t('teamFormation.bulk.empty'));
    if (names.some((name) => name.length > MEMBER_NAME_MAX_LENGTH)) {
      return setError(t('teamFormation.members.nameTooLong', { max: MEMBER_NAME_MAX_LENGTH }));
    }
    if (names.length > room) {
      return setError(t('teamFormation.members.tooMany', { max: DRAFT_MEMBERS_MAX }));
    }
    onAdd(names);
    setText('');
    setError(null);
  };

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
            value={text}
            error={error}
            data-autofocus
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
          />
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="bulk-preview">
            {t('teamFormation.bulk.preview', { count: names.length })}
          </Text>
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
