import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconHourglass,
  IconInfoCircle,
  IconLogin,
  IconMailExclamation,
  IconUserPlus,
} from '@tabler/icons-react';
import {
  joinCodeInput,
  joinPath,
  type JoinPreview,
  normalizeJoinCode,
  workspaceTabPath,
} from '@teamshuffle/domain';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useAuthModal } from '../../../lib/auth-modal';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-context';
import { useClaimJoinName } from '../api/claim-join-name';
import { useJoinPreview } from '../api/get-join-preview';
import { useWithdrawJoinRequest } from '../api/withdraw-join-request';
import { joinErrorMessage } from '../utils/join-error';

/**
 * `/join` and `/join/{code}` (issue 24): a form to type a code; for a code, a signed-out visitor
 * is asked to sign in or sign up (and comes back here: the sign-in modal keeps the page, and the
 * verification mail links back to it), a verified student sees the workspace's unclaimed names
 * and picks their own (and may withdraw the request while it waits), or is sent to the workspace
 * when they already belong to it. An account whose e-mail is not verified yet gets
 * `resendVerification` (the auth feature's resend, composed by the route: features do not
 * import each other).
 */
export function JoinPage({
  code,
  resendVerification,
}: {
  code: string | null;
  resendVerification?: (email: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  if (!code) {
    return (
      <Frame>
        <CodeForm />
      </Frame>
    );
  }
  if (session.status === 'loading') return <PageLoader />;
  const user = session.user;
  if (!user) return <SignInNotice />;
  if (!user.email) {
    return (
      <Notice
        icon={<IconMailExclamation size={34} aria-hidden="true" />}
        title={t('joining.join.title')}
      >
        <Text c="dimmed">{t('joining.join.needsEmail')}</Text>
      </Notice>
    );
  }
  if (!user.emailVerified) {
    return (
      <Notice
        icon={<IconMailExclamation size={34} aria-hidden="true" />}
        title={t('joining.join.verifyTitle')}
      >
        <Text c="dimmed">{t('joining.join.verifyText', { email: user.email })}</Text>
        {resendVerification ? resendVerification(user.email) : null}
      </Notice>
    );
  }
  return <JoinCode code={code} viewerId={user.id} />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" py={{ base: 24, sm: 48 }}>
      {children}
    </Container>
  );
}

function Notice({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Frame>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Frame>
  );
}

/** Type a code: any case, spaces and dashes; checked with the API's own rule before leaving. */
function CodeForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = joinCodeInput.safeParse({ code: value });
    if (!parsed.success) {
      setError(t('joining.join.codeInvalid'));
      return;
    }
    void navigate(joinPath(parsed.data.code));
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1}>{t('joining.join.title')}</Title>
          <Text c="dimmed">{t('joining.join.intro')}</Text>
          <TextInput
            label={t('joining.join.codeLabel')}
            placeholder={t('joining.join.codePlaceholder')}
            value={value}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            size="lg"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" size="md">
              {t('joining.join.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function SignInNotice() {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  return (
    <Notice icon={<IconLogin size={34} aria-hidden="true" />} title={t('joining.join.signInTitle')}>
      <Text c="dimmed">{t('joining.join.signInText')}</Text>
      <Group>
        <Button
          leftSection={<IconLogin size={18} aria-hidden="true" />}
          onClick={() => authModal.open('signIn')}
        >
          {t('joining.join.signIn')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconUserPlus size={18} aria-hidden="true" />}
          onClick={() => authModal.open('signUp')}
        >
          {t('joining.join.signUp')}
        </Button>
      </Group>
    </Notice>
  );
}

function JoinCode({ code, viewerId }: { code: string; viewerId: string }) {
  const { t } = useTranslation();
  const normalized = normalizeJoinCode(code);
  const query = useJoinPreview(viewerId, normalized, true);
  if (query.isPending) {
    return (
      <Frame>
        <Group justify="center" py="xl">
          <Loader />
          <Text>{t('joining.join.loading')}</Text>
        </Group>
      </Frame>
    );
  }
  if (query.isError) {
    return (
      <Frame>
        <Stack gap="md">
          <Alert color="red" icon={<IconInfoCircle size={18} aria-hidden="true" />} role="alert">
            {joinErrorMessage(t, query.error, t('joining.join.failed'))}
          </Alert>
          <Group>
            <Button component={Link} to={joinPath()} variant="default">
              {t('joining.join.tryAnother')}
            </Button>
          </Group>
        </Stack>
      </Frame>
    );
  }
  return <Preview code={normalized} preview={query.data} />;
}

function Preview({ code, preview }: { code: string; preview: JoinPreview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workspacePath = workspaceTabPath(preview.workspace.id, 'overview');
  const isMember = preview.state === 'member';
  // Already on the roster (or the owner): simply taken to the workspace.
  useEffect(() => {
    if (isMember) void navigate(workspacePath, { replace: true });
  }, [isMember, navigate, workspacePath]);

  switch (preview.state) {
    case 'member':
      return (
        <Notice
          icon={<IconLogin size={34} aria-hidden="true" />}
          title={t('joining.join.memberTitle')}
        >
          <Button component={Link} to={workspacePath}>
            {t('joining.join.openWorkspace')}
          </Button>
        </Notice>
      );
    case 'pending':
      return <Pending code={code} preview={preview} />;
    case 'choose':
      return <ChooseName code={code} preview={preview} />;
  }
}

/** A request waiting for the owner; the student may take it back (and pick again). */
function Pending({
  code,
  preview,
}: {
  code: string;
  preview: Extract<JoinPreview, { state: 'pending' }>;
}) {
  const { t } = useTranslation();
  const withdraw = useWithdrawJoinRequest(code);
  const name = preview.request.memberName;
  return (
    <Notice
      icon={<IconHourglass size={34} aria-hidden="true" />}
      title={t('joining.join.pendingTitle')}
    >
      <Text fw={600}>{t('joining.join.workspace', { title: preview.workspace.title })}</Text>
      <Text c="dimmed" data-testid="join-pending">
        {t('joining.join.pendingText', { name })}
      </Text>
      <Button
        variant="default"
        leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
        loading={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(preview.request.id, {
            onSuccess: () => notify.success(t('joining.join.withdrawn', { name })),
            onError: (error) => notify.error(joinErrorMessage(t, error, t('joining.join.failed'))),
          })
        }
      >
        {t('joining.join.withdraw')}
      </Button>
    </Notice>
  );
}

function ChooseName({
  code,
  preview,
}: {
  code: string;
  preview: Extract<JoinPreview, { state: 'choose' }>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claim = useClaimJoinName(code);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);

  const confirm = () => {
    if (!picked) return;
    claim.mutate(
      { memberId: picked.id },
      {
        onSuccess: (result) => {
          setPicked(null);
          if (result.state === 'joined') {
            notify.success(t('joining.join.joined', { name: result.memberName }));
            void navigate(workspaceTabPath(result.workspaceId, 'overview'));
          } else {
            notify.success(t('joining.join.requested', { name: result.memberName }));
          }
        },
        onError: (error) => {
          setPicked(null);
          notify.error(joinErrorMessage(t, error, t('joining.join.failed')));
        },
      },
    );
  };

  return (
    <Frame>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('joining.join.workspace', { title: preview.workspace.title })}</Title>
          <Text fw={600}>{t('joining.join.choose')}</Text>
          <Text c="dimmed" size="sm">
            {t('joining.join.chooseHint')}{' '}
            {preview.autoApprove ? t('joining.join.chooseAuto') : t('joining.join.chooseApproval')}
          </Text>
        </Stack>
        {preview.teams.length === 0 ? (
          <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
            {t('joining.join.noNames')}
          </Alert>
        ) : (
          preview.teams.map((team) => (
            <Paper key={team.number ?? 'none'} withBorder radius="md" p="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {team.number === null
                    ? t('joining.join.noTeam')
                    : t('joining.join.team', { number: team.number })}
                </Title>
                <Group gap="xs">
                  {team.members.map((member) => (
                    <Button
                      key={member.id}
                      variant="default"
                      aria-label={t('joining.join.pickLabel', { name: member.name })}
                      onClick={() => setPicked(member)}
                    >
                      {member.name}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </Paper>
          ))
        )}
      </Stack>
      <Modal
        opened={picked !== null}
        onClose={() => setPicked(null)}
        title={t('joining.join.confirmTitle', { name: picked?.name ?? '' })}
        centered
      >
        <Stack>
          <Text>{t('joining.join.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPicked(null)}>
              {t('joining.cancel')}
            </Button>
            <Button loading={claim.isPending} onClick={confirm}>
              {t('joining.join.confirm', { name: picked?.name ?? '' })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Frame>
  );
}
