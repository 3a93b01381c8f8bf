import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCrown, IconPrinter, IconUsersGroup } from '@tabler/icons-react';
import { workspaceTabPath } from '@teamshuffle/domain';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { Link } from 'react-router';
import { WorkspaceStatePanel } from '../../../components/workspace-state-panel';
import { useTranslation } from '../../../lib/i18n';
import { useMemberNames } from '../hooks/use-member-names';
import { teamMembers } from '../utils/team-view';
import './teams-print.css';

/**
 * The print/projector view of a workspace's teams (issue 24): one large card per team with its
 * number and its members' names, the leader marked (no e-mails: any member may open it, as the
 * Overview shows names). Members without a team get a card of their own after the teams.
 */
export function TeamsPrint({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const { nameOf } = useMemberNames(detail);
  const teams = [...detail.teams].sort((a, b) => a.number - b.number);
  const withoutTeam = detail.members.filter((member) => member.teamId === null);
  const back = (
    <Button
      component={Link}
      to={workspaceTabPath(detail.id, 'overview')}
      variant="default"
      leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
    >
      {t('teamExport.back')}
    </Button>
  );

  if (teams.length === 0) {
    return (
      <WorkspaceStatePanel
        icon={<IconUsersGroup size={34} aria-hidden="true" />}
        color="gray"
        title={t('teamExport.empty')}
        text={t('teamExport.emptyText')}
      >
        {back}
      </WorkspaceStatePanel>
    );
  }

  const card = (key: string, heading: string, members: { id: string; isLeader: boolean }[]) => (
    <Paper
      key={key}
      component="section"
      withBorder
      radius="lg"
      p="xl"
      className="teams-print__card"
      aria-label={heading}
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} className="teams-print__team">
            {heading}
          </Title>
          <Text c="dimmed" fz="lg">
            {t('teamExport.memberCount', { count: members.length })}
          </Text>
        </Group>
        {members.length === 0 ? (
          <Text c="dimmed">{t('teamExport.noMembers')}</Text>
        ) : (
          <ul className="teams-print__members">
            {members.map((member) => (
              <li
                key={member.id}
                className={member.isLeader ? 'teams-print__leader' : undefined}
                data-leader={member.isLeader || undefined}
              >
                {nameOf(member.id)}
                {member.isLeader ? (
                  <Badge
                    ml="sm"
                    size="lg"
                    color="yellow"
                    variant="light"
                    leftSection={<IconCrown size={14} aria-hidden="true" />}
                  >
                    {t('teamExport.leader')}
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="xl" className="teams-print">
      <Group justify="space-between" align="center" className="teams-print__controls">
        {back}
        <Button
          size="lg"
          onClick={() => window.print()}
          leftSection={<IconPrinter size={22} aria-hidden="true" />}
        >
          {t('teamExport.printButton')}
        </Button>
      </Group>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {t('teamExport.pageTitle', { title: detail.title })}
      </Title>
      <div className="teams-print__grid">
        {teams.map((team) =>
          card(
            team.id,
            t('teamExport.team', { number: team.number }),
            teamMembers(detail, team).map((member) => ({
              id: member.id,
              isLeader: member.id === team.leaderMemberId,
            })),
          ),
        )}
        {withoutTeam.length > 0
          ? card(
              'without-team',
              t('teamExport.withoutTeam'),
              withoutTeam.map((member) => ({ id: member.id, isLeader: false })),
            )
          : null}
      </div>
    </Stack>
  );
}
