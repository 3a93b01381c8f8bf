import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { WorkspaceDetail, WorkspaceTeam } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session/session-context';
import { MemberEmailsModal } from './member-emails-modal';
import { TeamCard } from './team-card';

/** Teams: one card per team, with the leader selector and Manage Team Member Emails. */
export function TeamsSection({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const [emailTeam, setEmailTeam] = useState<WorkspaceTeam | null>(null);
  // Re-read the team from the latest answer, so the modal follows a refetch.
  const openTeam = emailTeam
    ? (detail.teams.find((team) => team.id === emailTeam.id) ?? null)
    : null;
  return (
    <Stack gap="md">
      <Title order={2}>{t('workspace.teams.title')}</Title>
      {session.status === 'signedIn' ? null : (
        <Text size="sm" c="dimmed">
          {t('workspace.teams.loginToView')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {detail.teams.map((team) => (
          <TeamCard key={team.id} detail={detail} team={team} onManageEmails={setEmailTeam} />
        ))}
      </SimpleGrid>
      <MemberEmailsModal detail={detail} team={openTeam} onClose={() => setEmailTeam(null)} />
    </Stack>
  );
}
