import { Container } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { TeamChatPlaceholder } from '../../features/team-chat/components/team-chat-placeholder';
import { usePageTitle } from '../../hooks/use-page-title';

/** `/workspace/:workspaceId/team/:teamId/chat`: placeholder by spec. */
export function TeamChatRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.teamChat'));
  const { workspaceId = '', teamId = '' } = useParams();
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }}>
      <TeamChatPlaceholder workspaceId={workspaceId} teamId={teamId} />
    </Container>
  );
}
