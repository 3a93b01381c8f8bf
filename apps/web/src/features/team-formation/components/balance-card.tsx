import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconHistory, IconScale, IconX } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isBalancing } from '../model/balance';
import type { BalanceChoice, EarlierRoundChoice } from '../model/balance';
import type { Draft } from '../model/draft';
import { toneText } from './tone';
import { lazyModal } from '../../../components/lazy-modal';

// Dialogs load with their first opening (issue 14).
const HistoryPickerModal = lazyModal(
  async () => (await import('./history-picker-modal')).HistoryPickerModal,
);

// Values offered for 'never alone'; a column with more distinct values is not a good category.
const VALUES_SHOWN = 24;

type BalanceCardProps = {
  draft: Draft;
  isSignedIn: boolean;
  /** Signed in and verified: saved results and workspaces can be read. */
  canChooseRounds: boolean;
  viewerId: string | null;
  onChange: (choice: BalanceChoice) => void;
  onRemoveAttribute: (key: string) => void;
};

/** The distinct values of a categorical attribute, most frequent first. */
function valuesOf(draft: Draft, key: string): string[] {
  const counts = new Map<string, number>();
  for (const member of draft.members) {
    const value = member.attributes?.[key];
    if (typeof value === 'string') counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value]) => value)
    .slice(0, VALUES_SHOWN);
}

/**
 * 'Balance Teams' (issue 15): which imported attributes to balance (means of numbers, spread and
 * 'never alone' for categories) and which earlier rounds' teammates to keep apart.
 */
export const BalanceCard = memo(function BalanceCard({
  draft,
  isSignedIn,
  canChooseRounds,
  viewerId,
  onChange,
  onRemoveAttribute,
}: BalanceCardProps) {
  const { t } = useTranslation();
  const [isPicking, setPicking] = useState(false);
  const choice = draft.balance;
  const values = useMemo(
    () =>
      new Map(
        draft.attributes
          .filter((attribute) => attribute.kind === 'categorical')
          .map((attribute) => [attribute.key, valuesOf(draft, attribute.key)]),
      ),
    [draft],
  );

  const toggle = (list: 'numeric' | 'spread', key: string, isOn: boolean) => {
    const current = choice[list].filter((item) => item !== key);
    onChange({ ...choice, [list]: isOn ? [...current, key] : current });
  };
  const setMarked = (key: string, marked: string[]) => {
    const others = choice.noIsolation.filter((rule) => rule.key !== key);
    onChange({
      ...choice,
      noIsolation: marked.length > 0 ? [...others, { key, values: marked }] : others,
    });
  };
  const removeRound = (round: EarlierRoundChoice) =>
    onChange({
      ...choice,
      rounds: choice.rounds.filter((item) => item.kind !== round.kind || item.id !== round.id),
    });
  const titleOf = (round: EarlierRoundChoice) =>
    round.kind === 'loaded' ? t('balance.card.loadedRound', { n: round.id }) : round.title;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="balance-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap={8}>
            <IconScale size={20} aria-hidden="true" color="var(--mantine-color-teal-6)" />
            <Title order={2} size="h3" id="balance-title">
              {t('balance.card.title')}
            </Title>
          </Group>
          {isBalancing(choice) ? (
            <Badge color="teal" variant="light" data-testid="balance-on">
              {t('balance.title')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('balance.card.intro')}
        </Text>

        {draft.attributes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('balance.card.noAttributes')}
          </Text>
        ) : (
          <Stack gap="sm">
            {draft.attributes.map((attribute) => {
              const { key } = attribute;
              const remove = (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t('balance.card.removeAttribute', { key })}
                  onClick={() => onRemoveAttribute(key)}
                >
                  <IconX size={14} aria-hidden="true" />
                </ActionIcon>
              );
              if (attribute.kind === 'numeric') {
                return (
                  <Group key={key} justify="space-between" wrap="nowrap" gap="xs">
                    <Switch
                      label={t('balance.card.numeric', { key })}
                      checked={choice.numeric.includes(key)}
                      onChange={(event) => toggle('numeric', key, event.currentTarget.checked)}
                    />
                    {remove}
                  </Group>
                );
              }
              const marked = choice.noIsolation.find((rule) => rule.key === key)?.values ?? [];
              return (
                <Stack key={key} gap={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Switch
                      label={t('balance.card.spread', { key })}
                      checked={choice.spread.includes(key)}
                      onChange={(event) => toggle('spread', key, event.currentTarget.checked)}
                    />
                    {remove}
                  </Group>
                  <Checkbox.Group
                    label={t('balance.card.noIsolationFor', { key })}
                    value={marked}
                    onChange={(next) => setMarked(key, next)}
                    ml={46}
                  >
                    <Group gap="sm" mt={4}>
                      {(values.get(key) ?? []).map((value) => (
                        <Checkbox key={value} value={value} label={value} size="xs" />
                      ))}
                    </Group>
                  </Checkbox.Group>
                </Stack>
              );
            })}
          </Stack>
        )}

        <Divider />
        <Stack gap="xs" component="section" aria-labelledby="balance-history-title">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap={8}>
              <IconHistory size={18} aria-hidden="true" color="var(--mantine-color-grape-6)" />
              <Title order={3} size="h5" id="balance-history-title">
                {t('balance.card.history')}
              </Title>
            </Group>
            {canChooseRounds ? (
              <Button
                size="xs"
                variant="light"
                color="grape"
                disabled={draft.members.length === 0}
                onClick={() => setPicking(true)}
              >
                {t('balance.card.chooseRounds')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('balance.card.historyHint')}
          </Text>
          {!isSignedIn ? (
            <Text size="sm" c="dimmed">
              {t('balance.card.signInForHistory')}
            </Text>
          ) : null}
          {choice.rounds.length === 0 ? (
            isSignedIn ? (
              <Text size="sm" c="dimmed" fs="italic">
                {t('balance.card.noRounds')}
              </Text>
            ) : null
          ) : (
            <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {choice.rounds.map((round) => (
                <Group
                  key={`${round.kind}:${round.id}`}
                  component="li"
                  gap="xs"
                  wrap="nowrap"
                  data-testid="earlier-round"
                >
                  <Badge size="xs" variant="light" color="grape">
                    {t(`balance.card.kinds.${round.kind}`)}
                  </Badge>
                  <Text size="sm" style={{ flex: 1 }} truncate>
                    {titleOf(round)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('balance.card.matched', { matched: round.matched, total: round.total })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('balance.card.remove', { title: titleOf(round) })}
                    onClick={() => removeRound(round)}
                  >
                    <IconX size={14} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
        {isBalancing(choice) ? (
          <Text size="xs" style={{ color: toneText('teal') }}>
            {t('balance.card.isOn')}
          </Text>
        ) : null}
      </Stack>
      {canChooseRounds ? (
        <HistoryPickerModal
          opened={isPicking}
          viewerId={viewerId}
          members={draft.members}
          chosen={choice.rounds}
          onClose={() => setPicking(false)}
          onPick={(rounds) => onChange({ ...choice, rounds })}
        />
      ) : null}
    </Card>
  );
});
