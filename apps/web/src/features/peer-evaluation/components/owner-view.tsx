import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  PEER_FACTOR_CAP_DEFAULT,
  PEER_FACTOR_CAP_MAX,
  PEER_FACTOR_CAP_MIN,
  PEER_TITLE_MAX,
  type PeerEvaluationResults,
  type PeerEvaluationSummary,
  type WorkspaceDetail,
} from '@teamshuffle/domain';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/i18n';
import { useCreatePeerEvaluation } from '../api/create-peer-evaluation';
import { usePeerResults } from '../api/get-peer-results';
import { usePeerEvaluations } from '../api/list-peer-evaluations';
import { useRemindPeerEvaluation } from '../api/remind-peer-evaluation';
import { useChangePeerEvaluation } from '../api/update-peer-evaluation';
import { formatPeer, peerErrorMessage, toLocalInput } from './peer-error';
import { useFormatDate } from '../../../lib/dates/use-format-date';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The owner's page: open an evaluation, follow each one's progress, and its results. */
export function OwnerPeerView({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const list = usePeerEvaluations(detail.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const current = chosen ?? items[0]?.id ?? null;
  return (
    <Stack gap="lg">
      <CreateForm detail={detail} onCreated={setChosen} />
      {list.isPending ? <Loader aria-label={t('common.loading')} /> : null}
      {list.isError ? (
        <Alert color="red">{peerErrorMessage(t, list.error, t('common.tryAgain'))}</Alert>
      ) : null}
      {list.isSuccess && items.length === 0 ? <Text c="dimmed">{t('peer.empty')}</Text> : null}
      <Stack gap="xs">
        {items.map((item) => (
          <SummaryRow
            key={item.id}
            item={item}
            isCurrent={item.id === current}
            onOpen={() => setChosen(item.id)}
          />
        ))}
      </Stack>
      {current ? <ResultsPanel workspaceId={detail.id} evaluationId={current} /> : null}
    </Stack>
  );
}

function CreateForm({
  detail,
  onCreated,
}: {
  detail: WorkspaceDetail;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePeerEvaluation(detail.id);
  const [title, setTitle] = useState(() => t('peer.titleDefault'));
  const [startsAt, setStartsAt] = useState(() => toLocalInput(new Date()));
  const [endsAt, setEndsAt] = useState(() => toLocalInput(new Date(Date.now() + 7 * DAY_MS)));
  const [teamIds, setTeamIds] = useState<string[]>(() => detail.teams.map((team) => team.id));
  const [factorCap, setFactorCap] = useState<number>(PEER_FACTOR_CAP_DEFAULT);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const isWindowBad = !(end.getTime() > start.getTime());

  const submit = () => {
    if (teamIds.length === 0) return notify.error(t('peer.chooseTeams'));
    if (isWindowBad) return notify.error(t('peer.badWindow'));
    create.mutate(
      {
        title: title.trim() || t('peer.titleDefault'),
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        teamIds,
        factorCap,
      },
      {
        onSuccess: (created) => {
          notify.success(t('peer.created'));
          onCreated(created.id);
        },
        onError: (error) => notify.error(peerErrorMessage(t, error, t('common.tryAgain'))),
      },
    );
  };

  return (
    <Card withBorder padding="md">
      <form
        aria-labelledby="peer-create-title"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="peer-create-title">
            {t('peer.create')}
          </Title>
          <TextInput
            label={t('peer.title')}
            value={title}
            maxLength={PEER_TITLE_MAX}
            required
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('peer.startsAt')}
              value={startsAt}
              required
              onChange={(event) => setStartsAt(event.currentTarget.value)}
              miw={200}
            />
            <TextInput
              type="datetime-local"
              label={t('peer.endsAt')}
              value={endsAt}
              required
              error={isWindowBad ? t('peer.badWindow') : undefined}
              onChange={(event) => setEndsAt(event.currentTarget.value)}
              miw={200}
            />
          </Group>
          <Checkbox.Group
            label={t('peer.teams')}
            value={teamIds}
            onChange={setTeamIds}
            error={teamIds.length === 0 ? t('peer.chooseTeams') : undefined}
          >
            <Group gap="md" mt={6} wrap="wrap">
              {detail.teams.map((team) => (
                <Checkbox
                  key={team.id}
                  value={team.id}
                  label={t('peer.team', { number: team.number })}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <NumberInput
            label={t('peer.factorCap')}
            description={t('peer.factorCapHint')}
            value={factorCap}
            min={PEER_FACTOR_CAP_MIN}
            max={PEER_FACTOR_CAP_MAX}
            step={0.01}
            decimalScale={2}
            onChange={(value) =>
              setFactorCap(typeof value === 'number' ? value : PEER_FACTOR_CAP_DEFAULT)
            }
            maw={240}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('peer.createButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SummaryRow({
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
  const percent = item.expected === 0 ? 0 : (item.answered / item.expected) * 100;
  return (
    <Card
      withBorder
      padding="sm"
      aria-current={isCurrent ? 'true' : undefined}
      data-testid="peer-summary"
    >
      <Stack gap={6}>
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
            <Badge color={item.releasedAt ? 'teal' : 'gray'} variant="outline">
              {item.releasedAt ? t('peer.released') : t('peer.notReleased')}
            </Badge>
            <Button size="xs" variant={isCurrent ? 'filled' : 'default'} onClick={onOpen}>
              {t('peer.viewResults')}
            </Button>
          </Group>
        </Group>
        <Text size="sm">
          {t('peer.progress', { answered: item.answered, expected: item.expected })}
        </Text>
        <Progress
          value={percent}
          aria-label={t('peer.progress', { answered: item.answered, expected: item.expected })}
        />
      </Stack>
    </Card>
  );
}

function ResultsPanel({
  workspaceId,
  evaluationId,
}: {
  workspaceId: string;
  evaluationId: string;
}) {
  const { t } = useTranslation();
  const results = usePeerResults(workspaceId, evaluationId);
  if (results.isPending) return <Loader aria-label={t('common.loading')} />;
  if (results.isError) {
    return <Alert color="red">{peerErrorMessage(t, results.error, t('common.tryAgain'))}</Alert>;
  }
  return <Results key={evaluationId} workspaceId={workspaceId} results={results.data} />;
}

function Results({
  workspaceId,
  results,
}: {
  workspaceId: string;
  results: PeerEvaluationResults;
}) {
  const { t } = useTranslation();
  const { evaluation } = results;
  const change = useChangePeerEvaluation(workspaceId, evaluation.id);
  const remind = useRemindPeerEvaluation(workspaceId, evaluation.id);
  const [cap, setCap] = useState<number>(evaluation.factorCap);
  const onError = (error: Error) => notify.error(peerErrorMessage(t, error, t('common.tryAgain')));
  const applied = new Set(results.applications.map((a) => `${a.itemKind}:${a.itemId}`));

  return (
    <Stack gap="md" data-testid="peer-results">
      <Title order={2} size="h3">
        {t('peer.results')}: {evaluation.title}
      </Title>
      <Group gap="sm" wrap="wrap">
        <Button
          onClick={() =>
            change.mutate(
              { kind: 'release' },
              { onSuccess: () => notify.success(t('peer.releasedDone')), onError },
            )
          }
          disabled={evaluation.releasedAt !== null}
          loading={change.isPending && change.variables.kind === 'release'}
          title={t('peer.releaseHint')}
        >
          {evaluation.releasedAt ? t('peer.released') : t('peer.release')}
        </Button>
        {evaluation.state === 'open' ? (
          <Button
            variant="default"
            loading={remind.isPending}
            onClick={() =>
              remind.mutate(undefined, {
                onSuccess: ({ reminded }) =>
                  notify.success(t('peer.reminded', { count: reminded })),
                onError,
              })
            }
          >
            {t('peer.remind')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('peer.releaseHint')}
      </Text>

      {results.teams.map((team) => (
        <Group key={team.teamId} gap="xs">
          <Text size="sm">
            {t('peer.teamAverage', { number: team.teamNumber, average: formatPeer(team.average) })}
          </Text>
          {team.isDisagreeing ? (
            <Badge color="orange" variant="light">
              {t('peer.teamDisagrees')}
            </Badge>
          ) : null}
        </Group>
      ))}

      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peer.member')}</Table.Th>
              <Table.Th>{t('peer.byOthers')}</Table.Th>
              <Table.Th>{t('peer.bySelf')}</Table.Th>
              <Table.Th>{t('peer.raters')}</Table.Th>
              <Table.Th>{t('peer.factor')}</Table.Th>
              <Table.Th>{t('peer.flags')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.members.map((member) => (
              <Table.Tr key={member.memberId} data-testid="peer-result-row">
                <Table.Th scope="row">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {member.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('peer.team', { number: member.teamNumber })} ·{' '}
                      {member.hasAnswered ? t('peer.answered') : t('peer.notAnswered')}
                    </Text>
                  </Stack>
                </Table.Th>
                <Table.Td>{formatPeer(member.byOthers)}</Table.Td>
                <Table.Td>{formatPeer(member.bySelf)}</Table.Td>
                <Table.Td>{member.raterCount}</Table.Td>
                <Table.Td>{formatPeer(member.factor)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {member.flags.map((flag) => (
                      <Badge key={flag} color="orange" variant="light">
                        {t(`peer.flag.${flag}`)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={t('peer.factorCap')}
          value={cap}
          min={PEER_FACTOR_CAP_MIN}
          max={PEER_FACTOR_CAP_MAX}
          step={0.01}
          decimalScale={2}
          onChange={(value) => setCap(typeof value === 'number' ? value : evaluation.factorCap)}
          maw={220}
        />
        <Button
          variant="default"
          disabled={cap === evaluation.factorCap}
          onClick={() =>
            change.mutate(
              { kind: 'cap', factorCap: cap },
              { onSuccess: () => notify.success(t('peer.capSaved')), onError },
            )
          }
        >
          {t('peer.saveCap')}
        </Button>
      </Group>

      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('peer.comments')}
        </Title>
        {results.comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('peer.noComments')}
          </Text>
        ) : (
          results.comments.map((comment) => (
            <Text key={comment.memberId} size="sm" data-testid="peer-comment">
              <strong>{comment.name}</strong>: {comment.comment}
            </Text>
          ))
        )}
      </Stack>

      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('peer.apply')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('peer.applyHint')}
        </Text>
        {results.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('peer.noItems')}
          </Text>
        ) : (
          results.items.map((item) => {
            const key = `${item.itemKind}:${item.itemId}`;
            return (
              <Checkbox
                key={key}
                label={`${t(`peer.itemKinds.${item.itemKind}`)}: ${item.title}`}
                checked={applied.has(key)}
                disabled={change.isPending}
                onChange={(event) =>
                  change.mutate(
                    {
                      kind: 'apply',
                      item: { itemKind: item.itemKind, itemId: item.itemId },
                      isApplied: event.currentTarget.checked,
                    },
                    { onError },
                  )
                }
              />
            );
          })
        )}
      </Stack>
    </Stack>
  );
}
