import { Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconHome,
  IconLock,
  IconLogin,
  IconMapOff,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WorkspaceLoading } from '../../../components/workspace-loading';
import { WorkspaceStatePanel } from '../../../components/workspace-state-panel';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { useAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../../../lib/session/session-context';
import type { WorkspaceDetail, WorkspaceTeam } from '../api/get-workspace';
import { useWorkspaceDetail } from '../hooks/use-workspace-detail';
import type { WorkspaceRef } from '../hooks/use-workspace-detail';
import { selectDetailState } from '../utils/detail-state';
import { MemberEmailsModal } from './member-emails-modal';
import { SettingsModal } from './settings-modal';
import { TeamCard } from './team-card';
import { WorkspaceCounters } from './workspace-counters';
import { WorkspaceHeader } from './workspace-header';
import { AllMembersSection, ConstraintSections, LaterSections } from './workspace-sections';

const ICON = 34;

/** /workspace/{id} and /workspaces/{slug} (spec part 2, sections 2 and 4). */
export function WorkspaceDetailPage({ workspaceRef }: { workspaceRef: WorkspaceRef }) {
  const { t } = useTranslation();
  const session = useSession();
  const authModal = useAuthModal();
  const viewerId = session.user?.id ?? null;
  const query = useWorkspaceDetail(workspaceRef, viewerId, session.status !== 'loading');
  const state = selectDetailState({
    sessionStatus: session.status,
    isPending: query.isPending,
    error: query.error,
  });
  usePageTitle(query.data?.title ?? t('pages.workspace'));

  const myWorkspaces = (label: string) => (
    <Button component={Link} to="/workspaces" variant="default">
      {label}
    </Button>
  );

  switch (state) {
    case 'checkingAccess':
      return <WorkspaceLoading label={t('workspace.checkingAccess')} />;
    case 'loadingTeam':
      return <WorkspaceLoading label={t('workspace.loadingTeam')} />;
    case 'accessDenied':
      return (
        <WorkspaceStatePanel
          icon={<IconLock size={ICON} aria-hidden="true" />}
          color="red"
          title={t('workspace.accessDenied.title')}
          text={
            session.status === 'signedOut'
              ? t('workspace.accessDenied.text')
              : query.error instanceof ApiError
                ? query.error.message
                : undefined
          }
        >
          {session.status === 'signedOut' ? (
            <Button
              onClick={() => authModal.open('signIn')}
              leftSection={<IconLogin size={18} aria-hidden="true" />}
            >
              {t('workspace.accessDenied.signIn')}
            </Button>
          ) : null}
          {myWorkspaces(t('workspace.accessDenied.myWorkspaces'))}
          <Button
            component={Link}
            to="/app"
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('workspace.accessDenied.createNew')}
          </Button>
        </WorkspaceStatePanel>
      );
    case 'notFound':
      return (
        <WorkspaceStatePanel
          icon={<IconMapOff size={ICON} aria-hidden="true" />}
          color="gray"
          title={t('workspace.notFound.title')}
          text={t('workspace.notFound.text')}
        >
          <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden="true" />}>
            {t('workspace.notFound.goHome')}
          </Button>
          {myWorkspaces(t('workspace.notFound.myWorkspaces'))}
        </WorkspaceStatePanel>
      );
    case 'error':
      return (
        <WorkspaceStatePanel
          icon={<IconAlertTriangle size={ICON} aria-hidden="true" />}
          color="red"
          title={t('workspace.loadFailed.title')}
          text={t('workspace.loadFailed.text', {
            detail: query.error instanceof Error ? query.error.message : '',
          })}
        >
          <Button
            onClick={() => void query.refetch()}
            leftSection={<IconRefresh size={18} aria-hidden="true" />}
          >
            {t('workspace.loadFailed.retry')}
          </Button>
          <Button
            component={Link}
            to="/"
            variant="default"
            leftSection={<IconHome size={18} aria-hidden="true" />}
          >
            {t('workspace.notFound.goHome')}
          </Button>
        </WorkspaceStatePanel>
      );
    case 'ready':
      break;
  }

  if (!query.data) return null;
  return <WorkspaceView detail={query.data} isSignedIn={session.status === 'signedIn'} />;
}

function WorkspaceView({ detail, isSignedIn }: { detail: WorkspaceDetail; isSignedIn: boolean }) {
  const { t } = useTranslation();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [emailTeam, setEmailTeam] = useState<WorkspaceTeam | null>(null);
  const isOwner = detail.role === 'owner';
  // Re-read the team from the latest answer, so the modal follows a refetch.
  const openTeam = emailTeam
    ? (detail.teams.find((team) => team.id === emailTeam.id) ?? null)
    : null;

  return (
    <Container size="xl" py={{ base: 24, sm: 40 }}>
      <Stack gap="xl">
        <WorkspaceHeader detail={detail} onOpenSettings={() => setIsSettingsOpen(true)} />
        <WorkspaceCounters counters={detail.counters} />
        <Stack gap="md">
          <Title order={2}>{t('workspace.teams.title')}</Title>
          {isSignedIn ? null : (
            <Text size="sm" c="dimmed">
              {t('workspace.teams.loginToView')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {detail.teams.map((team) => (
              <TeamCard key={team.id} detail={detail} team={team} onManageEmails={setEmailTeam} />
            ))}
          </SimpleGrid>
        </Stack>
        <LaterSections detail={detail} />
        <AllMembersSection detail={detail} />
        <ConstraintSections detail={detail} />
      </Stack>
      {isOwner ? (
        <SettingsModal
          detail={detail}
          opened={isSettingsOpen}
          onClose={() => setIsSettingsOpen(false)}
        />
      ) : null}
      <MemberEmailsModal detail={detail} team={openTeam} onClose={() => setEmailTeam(null)} />
    </Container>
  );
}
