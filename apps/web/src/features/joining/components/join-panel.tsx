import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconDeviceTv,
  IconInfoCircle,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import {
  formatJoinCode,
  joinPath,
  type JoinOwnerView,
  type RosterJoinStatus,
} from '@teamshuffle/domain';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAnswerJoinRequest } from '../api/answer-join-request';
import { useJoinLink } from '../api/get-join-link';
import { useRosterStatus } from '../api/get-roster-status';
import { useRegenerateJoinCode } from '../api/regenerate-join-code';
import { useUndoJoinClaim } from '../api/undo-join-claim';
import { useUpdateJoinSettings } from '../api/update-join-settings';
import { joinErrorMessage } from '../utils/join-error';
import { JoinQrCode } from './join-qr-code';
import { useJoinStatusLabel, WRAPPING_BADGE } from './join-status-badge';

const STATUS_COLORS: Record<RosterJoinStatus, string> = {
  none: 'gray',
  invited: 'blue',
  requested: 'yellow',
  joined: 'teal',
};

/** The join link's full address (same origin: the page the students will open). */
function joinUrlOf(code: string): string {
  return `${window.location.origin}${joinPath(code)}`;
}

/**
 * The owner's join page (issue 24): the link on or off, auto-approval, the code shown large with
 * its QR code (and a projector view), a new code, the requests to answer, the claims to undo and
 * each member's status.
 */
export function JoinPanel({ workspaceId, title }: { workspaceId: string; title: string }) {
  const { t } = useTranslation();
  const query = useJoinLink(workspaceId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
        {joinErrorMessage(t, query.error, t('joining.loadFailed'))}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('joining.title')}</Title>
        <Text c="dimmed">{t('joining.intro', { path: joinPath() })}</Text>
      </Stack>
      <LinkSettings workspaceId={workspaceId} view={query.data} title={title} />
      <Requests workspaceId={workspaceId} view={query.data} />
      <Claims workspaceId={workspaceId} view={query.data} />
      <Statuses workspaceId={workspaceId} />
    </Stack>
  );
}

function LinkSettings({
  workspaceId,
  view,
  title,
}: {
  workspaceId: string;
  view: JoinOwnerView;
  title: string;
}) {
  const { t } = useTranslation();
  const update = useUpdateJoinSettings(workspaceId);
  const regenerate = useRegenerateJoinCode(workspaceId);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isProjecting, setIsProjecting] = useState(false);
  const { link } = view;
  const code = link.isEnabled ? link.code : null;

  const change = (input: { isEnabled?: boolean; autoApprove?: boolean }, done: string) =>
    update.mutate(input, {
      onSuccess: () => notify.success(done),
      onError: (error) => notify.error(joinErrorMessage(t, error, t('joining.saveFailed'))),
    });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Switch
          checked={link.isEnabled}
          disabled={update.isPending}
          label={t('joining.enabled')}
          description={t('joining.enabledHint')}
          onChange={(event) => {
            const isEnabled = event.currentTarget.checked;
            change({ isEnabled }, t(isEnabled ? 'joining.turnedOn' : 'joining.turnedOff'));
          }}
        />
        <Switch
          checked={link.autoApprove}
          disabled={update.isPending}
          label={t('joining.autoApprove')}
          description={t('joining.autoApproveHint')}
          onChange={(event) => {
            const autoApprove = event.currentTarget.checked;
            change({ autoApprove }, t(autoApprove ? 'joining.autoOn' : 'joining.autoOff'));
          }}
        />
        {code ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('joining.codeLabel')}
              </Text>
              <Text
                data-testid="join-code"
                ff="monospace"
                fw={700}
                style={{ fontSize: 'clamp(2.5rem, 7vw, 4rem)', letterSpacing: '0.08em' }}
              >
                {formatJoinCode(code)}
              </Text>
              <TextInput
                label={t('joining.linkLabel')}
                value={joinUrlOf(code)}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <Group gap="xs">
                <CopyText value={joinUrlOf(code)} label={t('joining.copyLink')} />
                <CopyText value={code} label={t('joining.copyCode')} />
                <Button
                  variant="default"
                  leftSection={<IconDeviceTv size={16} aria-hidden="true" />}
                  onClick={() => setIsProjecting(true)}
                >
                  {t('joining.projector')}
                </Button>
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconRefresh size={16} aria-hidden="true" />}
                  onClick={() => setIsConfirming(true)}
                >
                  {t('joining.regenerate')}
                </Button>
              </Group>
            </Stack>
            <JoinQrCode value={joinUrlOf(code)} size={220} />
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('joining.offNotice')}</Text>
        )}
      </Stack>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('joining.regenerateTitle')}
        centered
      >
        <Stack>
          <Text>{t('joining.regenerateText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              {t('joining.cancel')}
            </Button>
            <Button
              color="red"
              loading={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: () => {
                    setIsConfirming(false);
                    notify.success(t('joining.regenerated'));
                  },
                  onError: (error) =>
                    notify.error(joinErrorMessage(t, error, t('joining.saveFailed'))),
                })
              }
            >
              {t('joining.regenerateConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {code ? (
        <Modal
          opened={isProjecting}
          onClose={() => setIsProjecting(false)}
          fullScreen
          title={t('joining.projectorTitle', { title })}
          closeButtonProps={{ 'aria-label': t('joining.closeProjector') }}
        >
          <Stack align="center" gap="lg" py="md">
            <Text size="xl" ta="center">
              {t('joining.projectorSteps', { url: `${window.location.host}${joinPath()}` })}
            </Text>
            <Text
              ff="monospace"
              fw={800}
              ta="center"
              style={{ fontSize: 'clamp(3rem, 10vw, 7rem)', letterSpacing: '0.1em', lineHeight: 1 }}
            >
              {formatJoinCode(code)}
            </Text>
            <JoinQrCode value={joinUrlOf(code)} size="min(50vh, 80vw)" />
          </Stack>
        </Modal>
      ) : null}
    </Paper>
  );
}

function CopyText({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          color={copied ? 'teal' : undefined}
          leftSection={
            copied ? (
              <IconCheck size={16} aria-hidden="true" />
            ) : (
              <IconCopy size={16} aria-hidden="true" />
            )
          }
          onClick={copy}
        >
          {copied ? t('joining.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}

function Requests({ workspaceId, view }: { workspaceId: string; view: JoinOwnerView }) {
  const { t } = useTranslation();
  const answer = useAnswerJoinRequest(workspaceId);
  const teamOf = (number: number | null) =>
    number === null ? t('joining.requests.noTeam') : t('joining.requests.team', { number });
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('joining.requests.title')}
        </Title>
        {view.requests.length === 0 ? (
          <Text c="dimmed">{t('joining.requests.empty')}</Text>
        ) : (
          <Stack gap="xs" data-testid="join-requests">
            {view.requests.map((request) => {
              const names = { name: request.userName, member: request.memberName };
              const run = (kind: 'approve' | 'reject') =>
                answer.mutate(
                  { requestId: request.id, answer: kind },
                  {
                    onSuccess: () =>
                      notify.success(
                        kind === 'approve'
                          ? t('joining.requests.approved', names)
                          : t('joining.requests.rejected'),
                      ),
                    onError: (error) =>
                      notify.error(joinErrorMessage(t, error, t('joining.saveFailed'))),
                  },
                );
              return (
                <Group key={request.id} justify="space-between" wrap="wrap">
                  <Stack gap={0}>
                    <Text fw={600}>
                      {t('joining.requests.who', {
                        name: request.userName,
                        email: request.userEmail,
                      })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('joining.requests.asks', { member: request.memberName })} ·{' '}
                      {teamOf(request.teamNumber)}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      leftSection={<IconCheck size={14} aria-hidden="true" />}
                      aria-label={t('joining.requests.approveLabel', names)}
                      disabled={answer.isPending}
                      onClick={() => run('approve')}
                    >
                      {t('joining.requests.approve')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconX size={14} aria-hidden="true" />}
                      aria-label={t('joining.requests.rejectLabel', names)}
                      disabled={answer.isPending}
                      onClick={() => run('reject')}
                    >
                      {t('joining.requests.reject')}
                    </Button>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function Claims({ workspaceId, view }: { workspaceId: string; view: JoinOwnerView }) {
  const { t } = useTranslation();
  const undo = useUndoJoinClaim(workspaceId);
  const [pending, setPending] = useState<JoinOwnerView['claims'][number] | null>(null);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('joining.claims.title')}
        </Title>
        {view.claims.length === 0 ? (
          <Text c="dimmed">{t('joining.claims.empty')}</Text>
        ) : (
          view.claims.map((claim) => (
            <Group key={claim.memberId} justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text fw={600}>{claim.memberName}</Text>
                <Text size="sm" c="dimmed">
                  {claim.userName} · {claim.email}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                aria-label={t('joining.claims.undoLabel', {
                  member: claim.memberName,
                  name: claim.userName,
                })}
                onClick={() => setPending(claim)}
              >
                {t('joining.claims.undo')}
              </Button>
            </Group>
          ))
        )}
      </Stack>
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('joining.claims.undoTitle')}
        centered
      >
        <Stack>
          <Text>
            {t('joining.claims.undoText', {
              email: pending?.email ?? '',
              member: pending?.memberName ?? '',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('joining.cancel')}
            </Button>
            <Button
              color="red"
              loading={undo.isPending}
              onClick={() =>
                pending &&
                undo.mutate(pending.memberId, {
                  onSuccess: () => {
                    setPending(null);
                    notify.success(t('joining.claims.undone'));
                  },
                  onError: (error) =>
                    notify.error(joinErrorMessage(t, error, t('joining.saveFailed'))),
                })
              }
            >
              {t('joining.claims.undo')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function Statuses({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const query = useRosterStatus(workspaceId);
  const labelOf = useJoinStatusLabel();
  if (!query.data) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('joining.status.title')}
        </Title>
        {/* Three short columns that wrap: no minimum width, so a phone (375 px) needs no
            sideways scrolling (a scroll container's minimum widened the whole page). */}
        <Table data-testid="join-statuses">
          <Table.Tbody>
            {query.data.members.map((member) => (
              <Table.Tr key={member.memberId}>
                <Table.Td>{member.name}</Table.Td>
                <Table.Td>
                  {member.teamNumber === null
                    ? t('joining.requests.noTeam')
                    : t('joining.requests.team', { number: member.teamNumber })}
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={STATUS_COLORS[member.status]}
                    h="auto"
                    styles={WRAPPING_BADGE}
                  >
                    {labelOf(member)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
