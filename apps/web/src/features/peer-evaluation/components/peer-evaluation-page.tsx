import { Alert, Stack, Text, Title } from '@mantine/core';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { MemberPeerView } from './member-view';
import { OwnerPeerView } from './owner-view';

/**
 * Peer evaluation in a workspace (issue 25, decision 0026): the owner's evaluations and results,
 * or a member's rating form and released result. A viewer is refused (the API refuses too).
 */
export function PeerEvaluationPage({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('peer.pageTitle')}</Title>
      <Text c="dimmed">{t('peer.intro')}</Text>
      {detail.role === 'owner' ? (
        <OwnerPeerView detail={detail} />
      ) : detail.role === 'viewer' ? (
        <Alert color="red">{t('apiErrors.forbidden')}</Alert>
      ) : (
        <MemberPeerView workspaceId={detail.id} />
      )}
    </Stack>
  );
}
