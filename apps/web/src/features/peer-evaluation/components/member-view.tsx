import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { PEER_DIMENSIONS, type PeerEvaluationSummary } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { usePeerForm } from '../api/get-peer-form';
import { usePeerEvaluations } from '../api/list-peer-evaluations';
import { formatPeer, peerErrorMessage } from './peer-error';
import { RatingForm } from './rating-form';
import { useFormatDate } from '../../../lib/dates/use-format-date';

/** A member's evaluations: each of their team's with their status; one opens its form and result. */
export function MemberPeerView({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const list = usePeerEvaluations(workspaceId);
  const [chosen, setChosen] = useState<string | null>(null);
  if (list.isPending) return <Loader aria-label={t('common.loading')} />;
  if (list.isError)
    return <Alert color="red">{peerErrorMessage(t, list.error, t('common.tryAgain'))}</Alert>;
  const items = list.data.items;
  if (items.length === 0) return <Text c="dimmed">{t('peer.memberEmpty')}</Text>;
  const current = chosen ?? items.find((item) => item.state === 'open')?.id ?? null;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {items.map((item) => (
          <EvaluationRow
            key={item.id}
            item={item}
            isCurrent={item.id === current}
            onOpen={() => setChosen(item.id)}
          />
        ))}
      </Stack>
      {current ? <MemberEvaluation workspaceId={workspaceId} evaluationId={current} /> : null}
    </Stack>
  );
}

function EvaluationRow({
  item,
  isCurrent,
  onOpen,
}: {
  item: PeerEvaluationSummary;
  isCurrent: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  return (
    <Card withBorder padding="sm" aria-current={isCurrent ? 'true' : undefined}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{item.title}</Text>
          <Text size="sm" c="dimmed">
            {t('peer.window', {
              start: dates.dateTime(item.startsAt),
              end: dates.dateTime(item.endsAt),
            })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="light">{t(`peer.states.${item.state}`)}</Badge>
          <Badge color={item.hasAnswered ? 'teal' : 'gray'} variant="outline">
            {item.hasAnswered ? t('peer.answered') : t('peer.notAnswered')}
          </Badge>
          <Button size="xs" variant={isCurrent ? 'filled' : 'default'} onClick={onOpen}>
            {item.releasedAt
              ? t('peer.seeResult')
              : item.hasAnswered
                ? t('peer.change')
                : t('peer.answer')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function MemberEvaluation({
  workspaceId,
  evaluationId,
}: {
  workspaceId: string;
  evaluationId: string;
}) {
  const { t } = useTranslation();
  const form = usePeerForm(workspaceId, evaluationId);
  if (form.isPending) return <Loader aria-label={t('common.loading')} />;
  if (form.isError)
    return <Alert color="red">{peerErrorMessage(t, form.error, t('common.tryAgain'))}</Alert>;
  const { result, evaluation } = form.data;
  return (
    <Stack gap="lg">
      {evaluation.releasedAt ? (
        <Card withBorder padding="md" data-testid="peer-my-result">
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('peer.yourResult')}
            </Title>
            {result === null || result.byOthers === null ? (
              <Text>{t('peer.noRatingsYet')}</Text>
            ) : (
              <>
                <Text>{t('peer.resultByOthers', { value: formatPeer(result.byOthers) })}</Text>
                <Text>{t('peer.resultRaters', { count: result.raterCount })}</Text>
                <Text>{t('peer.resultFactor', { value: formatPeer(result.factor) })}</Text>
                <Table>
                  <Table.Tbody>
                    {PEER_DIMENSIONS.map((d) => (
                      <Table.Tr key={d}>
                        <Table.Th scope="row">{t(`peer.dimensions.${d}.name`)}</Table.Th>
                        <Table.Td>{formatPeer(result.byOthersPerDimension[d])}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
            {result?.bySelf != null ? (
              <Text c="dimmed">{t('peer.resultBySelf', { value: formatPeer(result.bySelf) })}</Text>
            ) : null}
          </Stack>
        </Card>
      ) : form.data.response ? (
        <Text c="dimmed">{t('peer.notReleasedYet')}</Text>
      ) : null}
      <RatingForm key={evaluationId} workspaceId={workspaceId} form={form.data} />
    </Stack>
  );
}
