import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { ConstraintKind, DraftMember } from '../model/draft';

// A search field helps from this many members on.
const SEARCH_FROM = 9;

type MemberPickerModalProps = {
  opened: boolean;
  kind: ConstraintKind;
  members: readonly DraftMember[];
  labels: ReadonlyMap<string, string>;
  /** The constraint kinds that already name each member (shown next to them). */
  kindsByMember: ReadonlyMap<string, ReadonlySet<ConstraintKind>>;
  onClose: () => void;
  /** Adds the constraint; returns the problem to show instead, or null when it was added. */
  onSubmit: (memberIds: string[]) => string | null;
};

const KIND_NOTES = {
  fixedPair: 'teamFormation.constraints.inFixedPair',
  lockedTeam: 'teamFormation.constraints.inLockedTeam',
  keepApart: 'teamFormation.constraints.inKeepApart',
} as const satisfies Record<ConstraintKind, string>;

/**
 * The 'add fixed pair' and 'add locked team' modals (and keep-apart): a checklist of members that
 * shows who is already constrained, and how.
 */
export function MemberPickerModal({
  opened,
  kind,
  members,
  labels,
  kindsByMember,
  onClose,
  onSubmit,
}: MemberPickerModalProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setSelected([]);
    setQuery('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = onSubmit(selected);
    if (problem) setError(problem);
    else close();
  };

  const needle = query.trim().toLowerCase();
  const shown = needle
    ? members.filter((member) =>
        (labels.get(member.id) ?? member.name).toLowerCase().includes(needle),
      )
    : members;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(`teamFormation.constraints.${kind}.modalTitle`)}
      centered
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t(`teamFormation.constraints.${kind}.modalText`)}</Text>
          {members.length >= SEARCH_FROM ? (
            <TextInput
              aria-label={t('teamFormation.constraints.search')}
              placeholder={t('teamFormation.constraints.search')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
          ) : null}
          <Checkbox.Group
            label={t('teamFormation.constraints.pickerLabel')}
            value={selected}
            error={error}
            onChange={(value) => {
              setSelected(value);
              setError(null);
            }}
          >
            <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
              <Stack gap={10} py={6}>
                {shown.map((member) => {
                  const kinds = kindsByMember.get(member.id);
                  const notes = kinds ? [...kinds].map((k) => t(KIND_NOTES[k])).join(' · ') : '';
                  return (
                    <Checkbox
                      key={member.id}
                      value={member.id}
                      label={labels.get(member.id) ?? member.name}
                      description={notes || undefined}
                      data-constrained={kinds ? 'true' : 'false'}
                    />
                  );
                })}
                {shown.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('teamFormation.constraints.noMatch')}
                  </Text>
                ) : null}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('teamFormation.constraints.selected', { count: selected.length })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('teamFormation.constraints.cancel')}
            </Button>
            <Button type="submit">{t('teamFormation.constraints.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
