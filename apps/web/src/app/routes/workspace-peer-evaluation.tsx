import { Anchor, Container, Stack } from '@mantine/core';
import { workspaceTabPath } from '@teamshuffle/domain';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { PeerEvaluationPage } from '../../features/peer-evaluation/components/peer-evaluation-page';
import { WorkspacePageFrame } from '../../features/workspace/components/workspace-page-frame';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';
import { useTranslation } from '../../lib/i18n';

/**
 * `/workspace/:workspaceId/peer-evaluation` (issue 25): the owner's peer evaluations, or a
 * member's rating form. The workspace frame loads the workspace and shows its access states.
 */
export function WorkspacePeerEvaluationRoute() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const workspaceRef = useMemo<WorkspaceRef>(
    () => ({ kind: 'id', id: workspaceId }),
    [workspaceId],
  );
  return (
    <WorkspacePageFrame key={workspaceId} workspaceRef={workspaceRef}>
      {(detail) => (
        <Container size="lg" py={{ base: 16, sm: 32 }} px={{ base: 8, sm: 'md' }}>
          <Stack gap="md">
            <Anchor component={Link} to={workspaceTabPath(detail.id, 'overview')}>
              {t('peer.back')}
            </Anchor>
            <PeerEvaluationPage detail={detail} />
          </Stack>
        </Container>
      )}
    </WorkspacePageFrame>
  );
}
