import { Button, Container, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconHome,
  IconLock,
  IconLogin,
  IconMapOff,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { WorkspaceLoading } from '../../../components/workspace-loading';
import { WorkspaceStatePanel } from '../../../components/workspace-state-panel';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { useAuthModal } from '../../../lib/auth-modal';
import { WorkspaceCalendarProvider } from '../../../lib/dates/workspace-calendar';
import { useSession } from '../../../lib/session/session-context';
import { useCanonicalSlug } from '../hooks/use-canonical-slug';
import { useWorkspaceDetail } from '../hooks/use-workspace-detail';
import type { WorkspaceRef } from '../hooks/use-workspace-detail';
import { selectDetailState } from '../utils/detail-state';

const ICON = 34;

interface WorkspacePageFrameProps {
  workspaceRef: WorkspaceRef;
  /** The page's sections, given the loaded workspace (composed by the route). */
  children: (detail: WorkspaceDetail) => ReactNode;
}

/**
 * /workspace/{id} and /workspaces/{slug} (spec part 2, sections 2 and 4): loads the workspace for
 * whoever asks and shows Checking Access, Loading Team, Access Denied, not found or the failure
 * with a retry; once loaded, the sections the route composes, each handed the workspace.
 */
export function WorkspacePageFrame({ workspaceRef, children }: WorkspacePageFrameProps) {
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
  // An old name (before a rename) or a longer one moves to the workspace's current address.
  useCanonicalSlug(workspaceRef, query.data, viewerId);
  // Every date and week of the workspace's sections follows its calendar (issue 26).
  const timeZone = query.data?.timeZone;
  const semesterStart = query.data?.semesterStart;
  const calendar = useMemo(
    () => (timeZone && semesterStart ? { timeZone, semesterStart } : null),
    [timeZone, semesterStart],
  );

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
  return (
    <WorkspaceCalendarProvider calendar={calendar}>
      <Container size="xl" py={{ base: 24, sm: 40 }}>
        <Stack gap="xl">{children(query.data)}</Stack>
      </Container>
    </WorkspaceCalendarProvider>
  );
}
