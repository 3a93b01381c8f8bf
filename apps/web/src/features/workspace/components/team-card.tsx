import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCrown, IconMail } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useChangeTeamLeader } from '../api/change-team-leader';
import type { WorkspaceDetail, WorkspaceTeam } from '@teamshuffle/domain';
import { useMemberNames } from '../hooks/use-member-names';
import { canChooseLeader, canManageTeamEmails, leaderOf, teamMembers } from '../utils/team-view';

interface TeamCardProps {
  detail: WorkspaceDetail;
  team: WorkspaceTeam;
  onManageEmails: (team: WorkspaceTeam) => void;
}

const NO_LEADER = '';

/**
 * One team (spec part 2, section 2): leader badge or 'No Leader', the owner's leader selector
 * (teams of more than one member), Manage Emails (owner or a member of the team), and the members
 * with photo or number, a crown for the leader and 'Verified' for members tied to an account.
 */
export function TeamCard({ detail, team, onManageEmails }: TeamCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const changeLeader = useChangeTeamLeader();
  const members = teamMembers(detail, team);
  const leader = leaderOf(detail, team);
  const isMyTeam = detail.myTeamId === team.id;
  const { nameOf } = useMemberNames(detail);

  const chooseLeader = (memberId: string) => {
    changeLeader.mutate(
      {
        workspaceId: detail.id,
        teamId: team.id,
        memberId: memberId === NO_LEADER ? null : memberId,
      },
      {
        onSuccess: ({ teamNumber, leaderName }) =>
          notify.success(
            t('workspace.teams.leaderChanged', {
              number: teamNumber,
              name: leaderName ?? t('workspace.teams.noLeader'),
            }),
          ),
        onError: () => notify.error(t('workspace.teams.leaderFailed')),
      },
    );
  };

  const selected = changeLeader.isPending
    ? (changeLeader.variables.memberId ?? NO_LEADER)
    : (team.leaderMemberId ?? NO_LEADER);

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="lg"
      data-testid="team-card"
      style={isMyTeam ? { borderColor: 'var(--mantine-color-teal-5)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={3} size="h4" id={titleId}>
              {t('workspace.teams.name', { number: team.number })}
            </Title>
            {isMyTeam ? (
              <Badge size="sm" color="teal" variant="light">
                {t('workspace.teams.yourTeam')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('workspace.teams.memberCount', { count: members.length })}
          </Text>
        </Group>
        {leader ? (
          <Badge
            color="yellow"
            variant="light"
            leftSection={<IconCrown size={12} aria-hidden="true" />}
            data-testid="leader-badge"
          >
            {t('workspace.teams.leader', { name: nameOf(leader.id) })}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" data-testid="leader-badge">
            {t('workspace.teams.noLeader')}
          </Badge>
        )}
        {canChooseLeader(detail, team) ? (
          <NativeSelect
            label={t('workspace.teams.leaderSelect', { number: team.number })}
            value={selected}
            disabled={changeLeader.isPending}
            onChange={(event) => chooseLeader(event.currentTarget.value)}
            data={[
              { value: NO_LEADER, label: t('workspace.teams.noLeader') },
              ...members.map((member) => ({ value: member.id, label: nameOf(member.id) })),
            ]}
          />
        ) : null}
        <Stack gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {members.length === 0 ? (
            <Text component="li" size="sm" c="dimmed">
              {t('workspace.teams.empty')}
            </Text>
          ) : null}
          {members.map((member, index) => (
            // Plain elements styled in global.css (.team-member): the team cards are most of the
            // workspace page's server-rendered HTML, and Mantine's Avatar, Group, Stack, Text and
            // Badge wrote about 2.9 kB of markup per member (issue 22: at most 150 kB a page).
            <li key={member.id} className="team-member" data-testid="team-member">
              <span className="team-member__avatar">
                {member.photoUrl ? <img src={member.photoUrl} alt="" /> : index + 1}
              </span>
              <span className="team-member__text">
                <span className="team-member__line">
                  <span className="team-member__name" data-leader={member.isLeader || undefined}>
                    {nameOf(member.id)}
                  </span>
                  {member.isLeader ? (
                    <Tooltip label={t('workspace.teams.leaderIcon')}>
                      <IconCrown
                        size={16}
                        color="var(--mantine-color-yellow-6)"
                        role="img"
                        aria-label={t('workspace.teams.leaderIcon')}
                      />
                    </Tooltip>
                  ) : null}
                  {member.isVerified ? (
                    <span className="team-member__verified">{t('workspace.teams.verified')}</span>
                  ) : null}
                </span>
                {member.email ? <span className="team-member__email">{member.email}</span> : null}
              </span>
            </li>
          ))}
        </Stack>
        {canManageTeamEmails(detail, team) ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconMail size={14} aria-hidden="true" />}
            onClick={() => onManageEmails(team)}
            aria-label={t('workspace.teams.manageEmailsLabel', { number: team.number })}
          >
            {t('workspace.teams.manageEmails')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
