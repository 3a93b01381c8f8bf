import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { useState } from 'react';
import { PageSection as Section } from '../../../components/page-section';
import { useTranslation } from '../../../lib/i18n';
import { type RosterDialog, RosterDialogs } from './roster-dialogs';
import { MembershipHistory, RosterActivityLog } from './roster-activity-log';

/**
 * The owner's "Manage roster" in the Members tab (issue 24, decision 0019): every member with an
 * actions menu (Move to team, Rename, Remove), an Add member button, each change confirmed in a
 * dialog that states the rules; then the activity log and the membership history. A list, not a
 * table, so it fits a 375 px screen; every control is a button or menu item (keyboard: Tab, Enter,
 * the arrow keys in the menu).
 */
export function ManageRosterSection({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<RosterDialog>(null);
  const teamNumber = new Map(detail.teams.map((team) => [team.id, team.number]));
  const leaders = new Set(detail.teams.map((team) => team.leaderMemberId).filter(Boolean));
  const canMove = detail.teams.length > 0;
  return (
    <>
      <Section title={t('roster.title')}>
        <Text size="sm" c="dimmed">
          {t('roster.intro')}
        </Text>
        <Group>
          <Button onClick={() => setDialog({ kind: 'add' })}>{t('roster.add')}</Button>
        </Group>
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {detail.members.map((member) => {
            const number = member.teamId ? teamNumber.get(member.teamId) : undefined;
            return (
              <Group
                key={member.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid="roster-member"
              >
                <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {member.name}
                  </Text>
                  <Badge size="sm" variant="light" color={number === undefined ? 'gray' : 'blue'}>
                    {number === undefined ? t('roster.noTeam') : t('roster.team', { number })}
                  </Badge>
                  {leaders.has(member.id) ? (
                    <Badge size="sm" variant="light" color="yellow">
                      {t('roster.leader')}
                    </Badge>
                  ) : null}
                </Group>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('roster.actionsFor', { name: member.name })}
                    >
                      <span aria-hidden="true">⋯</span>
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      disabled={!canMove}
                      onClick={() => setDialog({ kind: 'move', member })}
                    >
                      {t('roster.move')}
                    </Menu.Item>
                    <Menu.Item onClick={() => setDialog({ kind: 'rename', member })}>
                      {t('roster.rename')}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => setDialog({ kind: 'remove', member })}>
                      {t('roster.remove')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            );
          })}
        </Stack>
      </Section>
      <RosterActivityLog workspaceId={detail.id} />
      <MembershipHistory workspaceId={detail.id} />
      <RosterDialogs detail={detail} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
