import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ownWorkspaceQueryOptions } from '../api/get-own-workspace';
import { savedResultQueryOptions } from '../api/get-saved-result';
import { useOwnWorkspaces } from '../api/list-own-workspaces';
import { useSavedResults } from '../api/list-saved-results';
import { EARLIER_ROUNDS_LIMIT } from '../model/balance';
import type { EarlierRoundChoice, EarlierRoundSource } from '../model/balance';
import type { DraftMember } from '../model/draft';
import { earlierRoundChoice, roundOfResult, roundOfWorkspace } from '../model/earlier-rounds';
import { toneText } from './tone';

type HistoryPickerModalProps = {
  opened: boolean;
  viewerId: string | null;
  members: readonly DraftMember[];
  /** The rounds chosen now (kept as they are when chosen again). */
  chosen: readonly EarlierRoundChoice[];
  onClose: () => void;
  onPick: (rounds: EarlierRoundChoice[]) => void;
};

const keyOf = (source: Pick<EarlierRoundSource, 'kind' | 'id'>) => `${source.kind}:${source.id}`;

/**
 * 'Choose Earlier Rounds' (issue 15): the user's saved results and own workspaces; each chosen
 * one is loaded and its people found on this list (by id, e-mail, or a unique name).
 */
export function HistoryPickerModal({
  opened,
  viewerId,
  members,
  chosen,
  onClose,
  onPick,
}: HistoryPickerModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const results = useSavedResults(opened);
  const workspaces = useOwnWorkspaces(viewerId, opened);
  const [selected, setSelected] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);

  const value = selected ?? chosen.map(keyOf);
  const ownWorkspaces = (workspaces.data ?? []).filter((card) => card.isOwnedByViewer);
  const sources: EarlierRoundSource[] = [
    ...(results.data ?? []).map((result) => ({
      kind: 'result' as const,
      id: result.id,
      title: result.title,
    })),
    ...ownWorkspaces.map((card) => ({
      kind: 'workspace' as const,
      id: card.id,
      title: card.title,
    })),
  ];

  const close = () => {
    setSelected(null);
    setProblem(null);
    onClose();
  };

  const load = async (source: EarlierRoundSource): Promise<EarlierRoundChoice> => {
    const kept = chosen.find((round) => keyOf(round) === keyOf(source));
    if (kept) return kept;
    if (source.kind === 'workspace') {
      const detail = await queryClient.fetchQuery(ownWorkspaceQueryOptions(viewerId, source.id));
      return earlierRoundChoice(source, members, roundOfWorkspace(detail));
    }
    const result = await queryClient.fetchQuery(savedResultQueryOptions(source.id));
    return earlierRoundChoice(source, members, roundOfResult(result));
  };

  const submit = async () => {
    const picked = [
      ...chosen.filter((round) => round.kind === 'loaded' && value.includes(keyOf(round))),
      ...sources.filter((source) => value.includes(keyOf(source))),
    ];
    if (picked.length > EARLIER_ROUNDS_LIMIT) {
      setProblem(t('balance.history.tooMany', { max: EARLIER_ROUNDS_LIMIT }));
      return;
    }
    setLoading(true);
    setProblem(null);
    const rounds: EarlierRoundChoice[] = [];
    for (const source of picked) {
      try {
        const round = await load(source);
        if (round.matched === 0) {
          setProblem(t('balance.history.noMatch', { title: source.title }));
          setLoading(false);
          return;
        }
        rounds.push(round);
      } catch {
        setProblem(t('balance.history.loadFailed', { title: source.title }));
        setLoading(false);
        return;
      }
    }
    setLoading(false);
    onPick(rounds);
    close();
  };

  const isFetching = results.isPending || workspaces.isPending;
  const loadedChoices = chosen.filter((round) => round.kind === 'loaded');

  return (
    <Modal opened={opened} onClose={close} title={t('balance.history.title')} centered size="md">
      <Stack gap="sm">
        <Text size="sm">{t('balance.history.intro')}</Text>
        {isFetching ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('balance.history.loading')}</Text>
          </Group>
        ) : results.isError || workspaces.isError ? (
          <Text size="sm" style={{ color: toneText('red') }} role="alert">
            {t('balance.history.failed')}
          </Text>
        ) : sources.length === 0 && loadedChoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('balance.history.none')}
          </Text>
        ) : (
          <Checkbox.Group
            value={value}
            onChange={(next) => {
              setSelected(next);
              setProblem(null);
            }}
            label={t('balance.card.history')}
          >
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <Stack gap={10} py={6}>
                {loadedChoices.map((round) => (
                  <Checkbox
                    key={keyOf(round)}
                    value={keyOf(round)}
                    label={t('balance.card.loadedRound', { n: round.id })}
                  />
                ))}
                {(results.data ?? []).length > 0 ? (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {t('balance.history.results')}
                  </Text>
                ) : null}
                {(results.data ?? []).map((result) => (
                  <Checkbox
                    key={result.id}
                    value={keyOf({ kind: 'result', id: result.id })}
                    label={result.title}
                    description={t('balance.history.members', { count: result.membersCount })}
                  />
                ))}
                {ownWorkspaces.length > 0 ? (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {t('balance.history.workspaces')}
                  </Text>
                ) : null}
                {ownWorkspaces.map((card) => (
                  <Checkbox
                    key={card.id}
                    value={keyOf({ kind: 'workspace', id: card.id })}
                    label={card.title}
                    description={t('balance.history.members', { count: card.memberCount })}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        )}
        {problem ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('balance.history.cancel')}
          </Button>
          <Button loading={isLoading} disabled={isFetching} onClick={() => void submit()}>
            {t('balance.history.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
