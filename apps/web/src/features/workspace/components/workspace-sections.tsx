import { Badge, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceDetail } from '../api/get-workspace';
import { memberNames } from '../utils/team-view';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** All Members: number, name, team, e-mail (when the caller may see it) and status. */
export function AllMembersSection({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const teamNumber = new Map(detail.teams.map((team) => [team.id, team.number]));
  const showEmails = detail.role !== 'viewer';
  return (
    <Section title={t('workspace.allMembers.title')}>
      <Table.ScrollContainer minWidth={480}>
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
                  <Table.Td>{member.name}</Table.Td>
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
              <List.Item key={pair.id}>{memberNames(detail, pair.memberIds).join(' & ')}</List.Item>
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
              <List.Item key={locked.id}>
                {memberNames(detail, locked.memberIds).join(', ')}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
    </SimpleGrid>
  );
}

/**
 * The places of Lecture Notes, Team Scores (owner only) and Assignments, which a later issue
 * fills (spec part 2, section 2).
 */
export function LaterSections({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const titles = [
    t('workspace.later.lectureNotes'),
    ...(detail.role === 'owner' ? [t('workspace.later.teamScores')] : []),
    t('workspace.later.assignments'),
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: titles.length }} spacing="lg">
      {titles.map((title) => (
        <Section key={title} title={title}>
          <Group gap="xs" wrap="nowrap">
            <IconClock size={16} color="var(--mantine-color-dimmed)" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {t('workspace.later.text')}
            </Text>
          </Group>
        </Section>
      ))}
    </SimpleGrid>
  );
}
