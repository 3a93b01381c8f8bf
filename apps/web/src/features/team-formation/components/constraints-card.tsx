import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowsSplit, IconLink, IconLock, IconPlus, IconX } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { constraintKindsByMember, constraintProblem } from '../model/draft';
import type { ConstraintKind, Draft } from '../model/draft';
import { lazyModal } from '../../../components/lazy-modal';

// Dialogs load with their first opening (issue 14).
const MemberPickerModal = lazyModal(
  async () => (await import('./member-picker-modal')).MemberPickerModal,
);

type ConstraintsCardProps = {
  draft: Draft;
  labels: ReadonlyMap<string, string>;
  onAdd: (kind: ConstraintKind, memberIds: string[]) => void;
  onRemove: (kind: ConstraintKind, id: string) => void;
};

const KINDS: readonly ConstraintKind[] = ['fixedPair', 'lockedTeam', 'keepApart'];

export const CONSTRAINT_ICONS = {
  fixedPair: IconLink,
  lockedTeam: IconLock,
  keepApart: IconArrowsSplit,
} as const satisfies Record<ConstraintKind, unknown>;

const KIND_COLORS = {
  fixedPair: 'indigo',
  lockedTeam: 'orange',
  keepApart: 'grape',
} as const satisfies Record<ConstraintKind, string>;

/** Fixed pairs, locked teams and keep-apart pairs: each listed, added through its modal, removable. */
export const ConstraintsCard = memo(function ConstraintsCard({
  draft,
  labels,
  onAdd,
  onRemove,
}: ConstraintsCardProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState<ConstraintKind | null>(null);
  const kindsByMember = constraintKindsByMember(draft);
  const canPick = draft.members.length >= 2;

  const listOf = (kind: ConstraintKind) => {
    switch (kind) {
      case 'fixedPair':
        return draft.fixedPairs;
      case 'lockedTeam':
        return draft.lockedTeams;
      case 'keepApart':
        return draft.keepApart;
    }
  };
  const namesOf = (memberIds: readonly string[], kind: ConstraintKind) =>
    memberIds.map((id) => labels.get(id) ?? id).join(kind === 'lockedTeam' ? ', ' : ' + ');

  const submit = (kind: ConstraintKind) => (memberIds: string[]) => {
    const problem = constraintProblem(draft, kind, memberIds);
    switch (problem) {
      case 'count':
        return t(`teamFormation.constraints.${kind}.count`);
      case 'duplicate':
        return t(`teamFormation.constraints.${kind}.duplicate`);
      case 'unknown':
        return t('teamFormation.constraints.unknown');
      case null:
        onAdd(kind, memberIds);
        return null;
    }
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="constraints-title"
    >
      <Stack gap="lg">
        <Title order={2} size="h3" id="constraints-title">
          {t('teamFormation.constraints.title')}
        </Title>
        {canPick ? null : (
          <Text size="sm" c="dimmed">
            {t('teamFormation.constraints.needMembers')}
          </Text>
        )}
        {KINDS.map((kind) => {
          const Icon = CONSTRAINT_ICONS[kind];
          const list = listOf(kind);
          const headingId = `constraints-${kind}`;
          return (
            <Stack key={kind} gap="xs" component="section" aria-labelledby={headingId}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap={8}>
                  <Icon
                    size={18}
                    aria-hidden="true"
                    color={`var(--mantine-color-${KIND_COLORS[kind]}-6)`}
                  />
                  <Title order={3} size="h5" id={headingId}>
                    {t(`teamFormation.constraints.${kind}.title`)}
                  </Title>
                  <Badge size="sm" variant="light" color={KIND_COLORS[kind]}>
                    {list.length}
                  </Badge>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  color={KIND_COLORS[kind]}
                  leftSection={<IconPlus size={14} aria-hidden="true" />}
                  disabled={!canPick}
                  onClick={() => setPicking(kind)}
                >
                  {t(`teamFormation.constraints.${kind}.add`)}
                </Button>
              </Group>
              <Text size="xs" c="dimmed">
                {t(`teamFormation.constraints.${kind}.description`)}
              </Text>
              {list.length === 0 ? (
                <Text size="sm" c="dimmed" fs="italic">
                  {t(`teamFormation.constraints.${kind}.empty`)}
                </Text>
              ) : (
                <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {list.map((constraint) => {
                    const names = namesOf(constraint.memberIds, kind);
                    return (
                      <Group
                        key={constraint.id}
                        component="li"
                        gap="xs"
                        wrap="nowrap"
                        data-testid={`constraint-${kind}`}
                      >
                        <Text size="sm" style={{ flex: 1 }}>
                          {names}
                        </Text>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t(`teamFormation.constraints.${kind}.remove`, { names })}
                          onClick={() => onRemove(kind, constraint.id)}
                        >
                          <IconX size={14} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                </Stack>
              )}
            </Stack>
          );
        })}
      </Stack>
      {KINDS.map((kind) => (
        <MemberPickerModal
          key={kind}
          opened={picking === kind}
          kind={kind}
          members={draft.members}
          labels={labels}
          kindsByMember={kindsByMember}
          onClose={() => setPicking(null)}
          onSubmit={submit(kind)}
        />
      ))}
    </Card>
  );
});
