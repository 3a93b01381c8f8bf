import { Alert, Button, Group, SimpleGrid } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { SectionLoading } from '../../../components/section-loading';
import { PageSection } from '../../../components/page-section';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useTeamScores } from '../api/get-team-scores';
import { showsTeamScores } from '../utils/score-view';
import { TeamScoreCard } from './team-score-card';

/** The Team Scores section of the workspace page (owner, once leaders exist; spec part 2, section 2). */
export function TeamScoresSection({ detail }: { detail: WorkspaceDetail }) {
  if (!showsTeamScores(detail)) return null;
  return <TeamScores workspaceId={detail.id} />;
}

function TeamScores({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const query = useTeamScores(workspaceId);
  return (
    <PageSection title={t('assignments.scores.title')}>
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          loading={query.isFetching && !query.isPending}
          onClick={() => void query.refetch()}
        >
          {t('assignments.scores.refresh')}
        </Button>
      </Group>
      {query.isPending ? (
        <SectionLoading label={t('assignments.scores.loading')} />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(query.error, t('assignments.scores.loadFailed'))}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {query.data.teams.map((team) => (
            <TeamScoreCard key={team.teamId} team={team} />
          ))}
        </SimpleGrid>
      )}
    </PageSection>
  );
}
