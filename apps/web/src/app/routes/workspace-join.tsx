import { Alert, Anchor, Container, Stack } from '@mantine/core';
import { workspaceTabPath } from '@teamshuffle/domain';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { JoinPanel } from '../../features/joining/components/join-panel';
import { WorkspacePageFrame } from '../../features/workspace/components/workspace-page-frame';
import type { WorkspaceRef } from '../../features/workspace/hooks/use-workspace-detail';
import { useTranslation } from '../../lib/i18n';

/**
 * `/workspace/:workspaceId/join` (issue 24): the owner's join link, code, QR code and requests.
 * The workspace frame loads the workspace and shows its access states; only its owner gets the
 * panel (the API refuses everyone else too).
 */
export function WorkspaceJoinRoute() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const workspaceRef = useMemo<WorkspaceRef>(
    () => ({ kind: 'id', id: workspaceId }),
    [workspaceId],
  );
  return (
    <WorkspacePageFrame key={workspaceId} workspaceRef={workspaceRef}>
      {(detail) => (
        <Container size="md" py={{ base: 16, sm: 32 }}>
          <Stack gap="md">
            <Anchor component={Link} to={workspaceTabPath(detail.id, 'overview')}>
              {t('joining.back')}
            </Anchor>
            {detail.role === 'owner' ? (
              <JoinPanel workspaceId={detail.id} title={detail.title} />
            ) : (
              <Alert color="red">{t('apiErrors.forbidden')}</Alert>
            )}
          </Stack>
        </Container>
      )}
    </WorkspacePageFrame>
  );
}
