import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconHome,
  IconLock,
  IconLogin,
  IconPlus,
  IconRefresh,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { WorkspaceLoading } from '../../../components/workspace-loading';
import { WorkspaceStatePanel } from '../../../components/workspace-state-panel';
import { ApiError } from '../../../lib/api-client';
import { useAuthModal } from '../../../lib/auth-modal';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-context';
import type { WorkspaceCard } from '@teamshuffle/domain';
import { useWorkspaceList } from '../api/list-workspaces';
import { useSaveWorkspaceOrder } from '../api/save-workspace-order';
import { selectListState } from '../utils/list-state';
import { applyNumbers, changedItems, moveToNumber, writeOrderCache } from '../utils/team-order';
import { EditWorkspaceModal } from './edit-workspace-modal';
import { SortableWorkspaceGrid } from './sortable-workspace-grid';
import { TeamNumberModal } from './team-number-modal';

const ICON = 34;

/**
 * /workspaces (spec part 1, sections 2 and 6). `user` is the `?user=` id: another user's teams,
 * limited to those the caller may access. Without it: the caller's own teams, or the public
 * workspaces for a signed-out visitor.
 */
export function WorkspaceListPage({ user }: { user: string | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const authModal = useAuthModal();
  const viewerId = session.user?.id ?? null;
  // `?user=<my own id>` is simply my list.
  const listedUser = user !== null && user !== viewerId ? user : null;
  const isSignedIn = session.status === 'signedIn' && viewerId !== null;
  const query = useWorkspaceList({
    viewerId,
    user: listedUser,
    isEnabled: session.status !== 'loading' && (isSignedIn || listedUser === null),
  });
  const state = selectListState({
    sessionStatus: session.status,
    user: listedUser,
    isPending: query.isPending,
    error: query.error,
    count: query.data?.length ?? 0,
  });
  const isOwnList = isSignedIn && listedUser === null;

  const [numberCard, setNumberCard] = useState<WorkspaceCard | null>(null);
  const [editCard, setEditCard] = useState<WorkspaceCard | null>(null);
  const saveOrder = useSaveWorkspaceOrder(viewerId ?? '');

  // The browser's copy of the order follows the server's (a cache only).
  const cards = query.data;
  useEffect(() => {
    if (isOwnList && viewerId && cards) writeOrderCache(viewerId, applyNumbers(cards));
  }, [isOwnList, viewerId, cards]);

  const persist = (next: WorkspaceCard[], items = applyNumbers(next)) => {
    if (items.length === 0) return;
    saveOrder.mutate(
      { items, cards: next },
      { onError: () => notify.error(t('workspaces.order.failed')) },
    );
  };

  const createButton = (
    <Button component={Link} to="/app" leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t('workspaces.createNew')}
    </Button>
  );
  const signInButton = (
    <Button
      onClick={() => authModal.open('signIn')}
      leftSection={<IconLogin size={18} aria-hidden="true" />}
    >
      {t('workspaces.signIn')}
    </Button>
  );

  switch (state) {
    case 'checkingAccess':
      return <WorkspaceLoading label={t('workspaces.checkingAccess')} />;
    case 'loadingTeams':
      return <WorkspaceLoading label={t('workspaces.loadingTeams')} />;
    case 'signInRequired':
      return (
        <WorkspaceStatePanel
          icon={<IconLogin size={ICON} aria-hidden="true" />}
          title={t('workspaces.signInRequired.title')}
          text={t('workspaces.signInRequired.text')}
        >
          {signInButton}
          <Button
            component={Link}
            to="/"
            variant="default"
            leftSection={<IconHome size={18} aria-hidden="true" />}
          >
            {t('workspaces.signInRequired.goHome')}
          </Button>
        </WorkspaceStatePanel>
      );
    case 'accessDenied':
      return (
        <WorkspaceStatePanel
          icon={<IconLock size={ICON} aria-hidden="true" />}
          color="red"
          title={t('workspaces.accessDenied.title')}
          text={t('workspaces.accessDenied.text')}
        >
          <Button component={Link} to="/workspaces" variant="default">
            {t('workspaces.accessDenied.myWorkspaces')}
          </Button>
          {createButton}
        </WorkspaceStatePanel>
      );
    case 'error':
      return (
        <WorkspaceStatePanel
          icon={<IconAlertTriangle size={ICON} aria-hidden="true" />}
          color="red"
          title={isSignedIn ? t('workspaces.loadFailed') : t('workspaces.loadPublicFailed')}
          text={query.error instanceof ApiError ? query.error.message : undefined}
        >
          <Button
            onClick={() => void query.refetch()}
            leftSection={<IconRefresh size={18} aria-hidden="true" />}
          >
            {t('workspaces.retry')}
          </Button>
        </WorkspaceStatePanel>
      );
    case 'empty':
      return (
        <WorkspaceStatePanel
          icon={<IconUsersGroup size={ICON} aria-hidden="true" />}
          title={t('workspaces.empty.title')}
          text={t('workspaces.empty.text')}
        >
          {createButton}
        </WorkspaceStatePanel>
      );
    case 'grid':
      break;
  }

  const list = cards ?? [];
  let title = t('workspaces.title');
  let intro = t('workspaces.intro');
  if (listedUser !== null) {
    title = t('workspaces.userTitle');
    intro = t('workspaces.userIntro');
  } else if (!isSignedIn) {
    title = t('workspaces.publicTitle');
    intro = t('workspaces.publicIntro');
  }

  return (
    <Container size="lg" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{intro}</Text>
          </Stack>
          {isSignedIn ? createButton : signInButton}
        </Group>
        {saveOrder.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('workspaces.order.failed')}
          </Alert>
        ) : null}
        <SortableWorkspaceGrid
          cards={list}
          canReorder={isOwnList}
          canEdit={(card) => isSignedIn && card.isOwnedByViewer}
          onReorder={(next) => persist(next)}
          onChangeNumber={setNumberCard}
          onEdit={setEditCard}
        />
      </Stack>
      <TeamNumberModal
        card={numberCard}
        onClose={() => setNumberCard(null)}
        onSubmit={(card, teamNumber) => {
          const next = moveToNumber(list, card.id, teamNumber);
          persist(next, changedItems(list, next));
        }}
      />
      <EditWorkspaceModal card={editCard} onClose={() => setEditCard(null)} />
    </Container>
  );
}
