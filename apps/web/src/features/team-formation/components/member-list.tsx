import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { memberNameForm, memberNameKey } from '@teamshuffle/domain';
import {
  IconCheck,
  IconListDetails,
  IconMailOff,
  IconPencil,
  IconPlus,
  IconTableImport,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import type { AttributeDefinition } from '../model/balance';
import { DRAFT_MEMBERS_MAX, sameNameSuffix, sharedEmails } from '../model/draft';
import type { DraftMember } from '../model/draft';
import { lazyModal } from '../../../components/lazy-modal';
import { DuplicateListNotes } from './duplicate-notes';
import { toneText } from './tone';

// Dialogs load with their first opening (issue 14).
const BulkAddModal = lazyModal(async () => (await import('./bulk-add-modal')).BulkAddModal);
const ImportRosterModal = lazyModal(
  async () => (await import('./import-roster-modal')).ImportRosterModal,
);

type MemberListProps = {
  members: readonly DraftMember[];
  /** Imported attribute columns. */
  attributes: readonly AttributeDefinition[];
  /** Labels that tell repeated names apart. */
  labels: ReadonlyMap<string, string>;
  onAdd: (names: string[]) => void;
  /** Import: members with e-mails and attribute values, and the attribute columns. */
  onImport: (members: DraftMember[], attributes: AttributeDefinition[]) => void;
  onRename: (id: string, name: string) => void;
  onRemove: (id: string) => void;
  /** Takes a member's e-mail away (one that another member has too). */
  onRemoveEmail: (id: string) => void;
  onClear: () => void;
};

/** Member list with add, inline edit, remove, bulk add and clear (spec part 1, section 2). */
export const MemberList = memo(function MemberList({
  members,
  attributes,
  labels,
  onAdd,
  onImport,
  onRename,
  onRemove,
  onRemoveEmail,
  onClear,
}: MemberListProps) {
  const { t } = useTranslation();
  // A member's name under the snapshot's rule (the API checks the same when the teams are saved).
  const addForm = useSchemaForm(memberNameForm, { initialValues: { name: '' } });
  const [isBulkOpen, setBulkOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isClearOpen, setClearOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const room = DRAFT_MEMBERS_MAX - members.length;
  // Stable, so that a row renders again only when its own member or editing state changes.
  const endEditing = useCallback(() => setEditingId(null), []);
  // Issue 23: a name being added that a member already has (any case, any spaces) is warned
  // about; it is still added, and numbered apart. E-mails two members have are marked on rows.
  const nameKeys = useMemo(() => new Set(members.map((m) => memberNameKey(m.name))), [members]);
  const typedName = addForm.values.name.trim();
  const isNameOnList = typedName !== '' && nameKeys.has(memberNameKey(typedName));
  const sharedEmailIds = useMemo(
    () => new Set(sharedEmails(members).flatMap((group) => group.memberIds)),
    [members],
  );

  const add = addForm.onSubmit(({ name }) => {
    if (room <= 0) {
      addForm.setFieldError('name', t('teamFormation.members.tooMany', { max: DRAFT_MEMBERS_MAX }));
      return;
    }
    onAdd([name]);
    addForm.reset();
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="members-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Group gap="xs" align="center">
            <Title order={2} size="h3" id="members-title">
              {t('teamFormation.members.title')}
            </Title>
            <Badge variant="light" data-testid="member-count">
              {t('teamFormation.members.count', { count: members.length })}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconListDetails size={16} aria-hidden="true" />}
              onClick={() => setBulkOpen(true)}
            >
              {t('teamFormation.members.bulkAdd')}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconTableImport size={16} aria-hidden="true" />}
              onClick={() => setImportOpen(true)}
            >
              {t('balance.import.button')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              disabled={members.length === 0}
              onClick={() => setClearOpen(true)}
            >
              {t('teamFormation.members.clearAll')}
            </Button>
          </Group>
        </Group>

        <form onSubmit={add} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('teamFormation.members.addLabel')}
              placeholder={t('teamFormation.members.addPlaceholder')}
              autoComplete="off"
              {...addForm.getInputProps('name')}
            />
            <Button type="submit" mt={25} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {t('teamFormation.members.add')}
            </Button>
          </Group>
          {/* Always in the document, so that a screen reader hears the warning appear. */}
          <div aria-live="polite">
            {isNameOnList ? (
              <Text
                size="sm"
                mt={4}
                style={{ color: toneText('orange') }}
                data-testid="name-on-list"
              >
                {t('teamFormation.duplicates.nameOnList', { name: typedName })}
              </Text>
            ) : null}
          </div>
        </form>

        <DuplicateListNotes members={members} labels={labels} />

        {members.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('teamFormation.members.empty')}
          </Text>
        ) : (
          <Stack
            component="ol"
            gap={4}
            aria-label={t('teamFormation.members.listLabel')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {members.map((member, index) => (
              <MemberRow
                key={member.id}
                index={index}
                member={member}
                label={labels.get(member.id) ?? member.name}
                isEmailShared={sharedEmailIds.has(member.id)}
                isEditing={editingId === member.id}
                onEdit={setEditingId}
                onEditEnd={endEditing}
                onRename={onRename}
                onRemove={onRemove}
                onRemoveEmail={onRemoveEmail}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <BulkAddModal
        opened={isBulkOpen}
        room={room}
        members={members}
        onClose={() => setBulkOpen(false)}
        onAdd={(names) => {
          onAdd(names);
          setBulkOpen(false);
        }}
      />

      <ImportRosterModal
        opened={isImportOpen}
        room={room}
        members={members}
        attributes={attributes}
        onClose={() => setImportOpen(false)}
        onImport={(imported, columns) => {
          onImport(imported, columns);
          setImportOpen(false);
        }}
      />

      <Modal
        opened={isClearOpen}
        onClose={() => setClearOpen(false)}
        title={t('teamFormation.clear.title')}
        centered
      >
        <Stack gap="md">
          <Text>{t('teamFormation.clear.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setClearOpen(false)}>
              {t('teamFormation.clear.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                onClear();
                setClearOpen(false);
              }}
            >
              {t('teamFormation.clear.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
});

const ROW_STYLE = { contentVisibility: 'auto', containIntrinsicSize: 'auto 36px' } as const;

type MemberRowProps = {
  index: number;
  member: DraftMember;
  /** The name as it is told apart from others of the same name ('Ann (2)'). */
  label: string;
  /** Another member has this member's e-mail too. */
  isEmailShared: boolean;
  isEditing: boolean;
  onEdit: (id: string) => void;
  onEditEnd: () => void;
  onRename: (id: string, name: string) => void;
  onRemove: (id: string) => void;
  onRemoveEmail: (id: string) => void;
};

const MemberRow = memo(function MemberRow({
  index,
  member,
  label,
  isEmailShared,
  isEditing,
  onEdit,
  onEditEnd,
  onRename,
  onRemove,
  onRemoveEmail,
}: MemberRowProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(memberNameForm, { initialValues: { name: member.name } });
  const suffix = sameNameSuffix(member.name, label);
  // Only the user who imported them sees these (the draft stays on this device).
  const details = [
    member.email,
    ...Object.entries(member.attributes ?? {}).map(([key, value]) => `${key} ${value}`),
  ]
    .filter(Boolean)
    .join(' · ');

  const startEditing = () => {
    form.setValues({ name: member.name });
    form.clearErrors();
    onEdit(member.id);
  };
  const save = form.onSubmit(({ name }) => {
    onRename(member.id, name);
    onEditEnd();
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEditEnd();
    }
  };

  return (
    // Rows out of view are not styled, laid out or painted (issue 22): with 1,000 rows, a change
    // anywhere in the page's styles (a dialog locking the scroll) restyled every row, over 100 ms
    // on a busy machine. They stay in the document, in the accessibility tree and in Tab order.
    <li data-testid="member-row" style={ROW_STYLE}>
      {isEditing ? (
        <form onSubmit={save} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Text c="dimmed" size="sm" w={28} ta="right" mt={6} aria-hidden="true">
              {index + 1}
            </Text>
            <TextInput
              style={{ flex: 1 }}
              size="sm"
              aria-label={t('teamFormation.members.editLabel', { name: label })}
              autoComplete="off"
              data-autofocus
              autoFocus
              onKeyDown={onKeyDown}
              {...form.getInputProps('name')}
            />
            <ActionIcon
              type="submit"
              variant="light"
              size="lg"
              aria-label={t('teamFormation.members.save')}
            >
              <IconCheck size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('teamFormation.members.cancel')}
              onClick={onEditEnd}
            >
              <IconX size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </form>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Text c="dimmed" size="sm" w={28} ta="right" aria-hidden="true">
            {index + 1}
          </Text>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Text truncate data-testid="member-name">
                {member.name}
              </Text>
              {/* Members who share a name are numbered apart (issue 23). */}
              {suffix ? (
                <Text span c="dimmed" style={{ flex: 'none' }} data-testid="member-same-name">
                  {suffix}
                </Text>
              ) : null}
            </Group>
            {details ? (
              <Text size="xs" c="dimmed" truncate data-testid="member-details">
                {details}
              </Text>
            ) : null}
            {isEmailShared ? (
              <Text
                size="xs"
                fw={600}
                style={{ color: toneText('red') }}
                data-testid="member-shared-email"
              >
                {t('teamFormation.duplicates.sharedEmailMarker')}
              </Text>
            ) : null}
          </Stack>
          {isEmailShared ? (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('teamFormation.duplicates.removeEmail', { name: label })}
              onClick={() => onRemoveEmail(member.id)}
            >
              <IconMailOff size={16} aria-hidden="true" />
            </ActionIcon>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('teamFormation.members.edit', { name: label })}
            onClick={startEditing}
          >
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('teamFormation.members.remove', { name: label })}
            onClick={() => onRemove(member.id)}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      )}
    </li>
  );
});
