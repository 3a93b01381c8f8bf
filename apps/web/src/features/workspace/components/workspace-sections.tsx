import { Badge, Group, List, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { PageSection as Section } from '../../../components/page-section';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { useMemberNames } from '../hooks/use-member-names';

/** All Members: number, name, team, e-mail (when the caller may see it) and status. */
export function AllMembersSection({
  detail,
  memberStatus,
}: {
  detail: WorkspaceDetail;
  /** More of a member's status, composed by the page (the owner's join status, issue 24). */
  memberStatus?: ((memberId: string) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const teamNumber = new Map(detail.teams.map((team) => [team.id, team.number]));
  const { nameOf } = useMemberNames(detail);
  const showEmails = detail.role !== 'viewer';
  return (
    <Section title={t('workspace.allMembers.title')}>
      {/* On a phone the table scrolls sideways inside its card; it holds no control, so the
          scrolling box itself takes focus for keyboard users (arrow keys scroll it). */}
      <Table.ScrollContainer
        minWidth={480}
        type="native"
        tabIndex={0}
        role="group"
        aria-label={t('workspace.allMembers.title')}
        className="mantine-focus-auto"
      >
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workspace.allMembers.number')}</Table.Th>
              <Table.Th>{t('workspace.allMembers.name')}</Table.Th>
              <Table.Th>{t('workspace.allMembers.team')}</Table.Th>
              {showEmails ? <Table.Th>{t('workspace.allMembers.email')}</Table.Th> : null}
              <Table.Th>{t('workspace.allMembers.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.members.map((member, index) => {
              const number = member.teamId ? teamNumber.get(member.teamId) : undefined;
              return (
                <Table.Tr key={member.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{nameOf(member.id)}</Table.Td>
                  <Table.Td>
                    {number === undefined
                      ? t('workspace.allMembers.noTeam')
                      : t('workspace.teams.name', { number })}
                  </Table.Td>
                  {showEmails ? <Table.Td>{member.email ?? ''}</Table.Td> : null}
                  <Table.Td>
                    <Group gap={4}>
                      {member.isLeader ? (
                        <Badge size="xs" color="yellow" variant="light">
                          {t('workspace.roles.leader')}
                        </Badge>
                      ) : null}
                      {member.isVerified ? (
                        <Badge size="xs" color="green" variant="light">
                          {t('workspace.teams.verified')}
                        </Badge>
                      ) : null}
                      {memberStatus?.(member.id)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

/** Fixed Pairs and Locked Teams, side by side. */
export function ConstraintSections({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const { nameOf } = useMemberNames(detail);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Section title={t('workspace.fixedPairs.title')}>
        {detail.fixedPairs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('workspace.fixedPairs.empty')}
          </Text>
        ) : (
          <List spacing={4}>
            {detail.fixedPairs.map((pair) => (
              <List.Item key={pair.id}>{pair.memberIds.map(nameOf).join(' & ')}</List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('workspace.lockedTeams.title')}>
        {detail.lockedTeams.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('workspace.lockedTeams.empty')}
          </Text>
        ) : (
          <List spacing={4}>
            {detail.lockedTeams.map((locked) => (
              <List.Item key={locked.id}>{locked.memberIds.map(nameOf).join(', ')}</List.Item>
            ))}
          </List>
        )}
      </Section>
    </SimpleGrid>
  );
}
