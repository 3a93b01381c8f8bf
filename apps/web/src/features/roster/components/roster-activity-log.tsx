import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { RosterEvent } from '@teamshuffle/domain';
import { useState } from 'react';
import { PageSection as Section } from '../../../components/page-section';
import { useTranslation } from '../../../lib/i18n';
import { useMemberships } from '../api/get-memberships';
import { useRosterActivity } from '../api/get-roster-activity';
import { useFormatDate } from '../../../lib/dates/use-format-date';

type T = ReturnType<typeof useTranslation>['t'];

function teamLabel(t: T, number: number | null | undefined): string {
  return number === null || number === undefined
    ? t('roster.noTeam')
    : t('roster.team', { number });
}

/** What an entry says happened, in the reader's language. */
export function describeRosterEvent(t: T, event: RosterEvent): string {
  const name = event.memberName ?? t('roster.log.someone');
  switch (event.kind) {
    case 'member_added':
      return t('roster.log.member_added', { name, team: teamLabel(t, event.after?.teamNumber) });
    case 'member_removed':
      return t('roster.log.member_removed', {
        name,
        team: teamLabel(t, event.before?.teamNumber),
      });
    case 'member_moved':
      return t('roster.log.member_moved', {
        name,
        from: teamLabel(t, event.before?.teamNumber),
        to: teamLabel(t, event.after?.teamNumber),
      });
    case 'member_renamed':
      return t('roster.log.member_renamed', {
        from: event.before?.name ?? name,
        to: event.after?.name ?? name,
      });
    case 'leader_changed': {
      const team = teamLabel(t, event.after?.teamNumber ?? event.before?.teamNumber);
      const from = event.before?.leaderName ?? null;
      const to = event.after?.leaderName ?? null;
      if (to === null) return t('roster.log.leader_cleared', { team, from: from ?? name });
      if (from === null) return t('roster.log.leader_first', { team, to });
      return t('roster.log.leader_set', { team, from, to });
    }
    case 'member_claimed':
      return t('roster.log.member_claimed', { name, email: event.after?.email ?? '' });
    case 'member_claim_undone':
      return t('roster.log.member_claim_undone', { name, email: event.before?.email ?? '' });
  }
}

function RosterEventItem({ event }: { event: RosterEvent }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const led = event.before?.leaderOfTeamNumber ?? null;
  const who = event.actor ? event.actor.name : t('roster.log.deletedAccount');
  return (
    <Stack
      component="li"
      gap={2}
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="roster-event"
    >
      <Text size="sm">{describeRosterEvent(t, event)}</Text>
      {led !== null ? (
        <Text size="xs">
          {t('roster.log.stoppedLeading', {
            name: event.memberName ?? t('roster.log.someone'),
            number: led,
          })}
        </Text>
      ) : null}
      {event.teamThen !== null ? (
        <Text size="xs" c="dimmed">
          {t('roster.log.teamThen', {
            team: teamLabel(t, event.before?.teamNumber),
            names: event.teamThen.length > 0 ? event.teamThen.join(', ') : t('roster.log.nobody'),
          })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        <time dateTime={event.at}>{dates.dateTime(event.at)}</time> ·{' '}
        {t('roster.log.by', { name: who })}
      </Text>
    </Stack>
  );
}

/** The owner's activity log of roster changes: newest first, older pages on request. */
export function RosterActivityLog({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const log = useRosterActivity(workspaceId);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Section title={t('roster.log.title')}>
      {log.isError ? (
        <Group gap="sm">
          <Text size="sm" c="red">
            {t('roster.log.failed')}
          </Text>
          <Button size="xs" variant="default" onClick={() => void log.refetch()}>
            {t('roster.log.retry')}
          </Button>
        </Group>
      ) : log.isPending ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('roster.log.empty')}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {entries.map((event) => (
            <RosterEventItem key={event.id} event={event} />
          ))}
        </Stack>
      )}
      {log.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {t('roster.log.loadMore')}
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}

/** Who was in which team when, read when the owner opens it. */
export function MembershipHistory({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const [isOpen, setIsOpen] = useState(false);
  const history = useMemberships(workspaceId, isOpen);
  return (
    <Section title={t('roster.history.title')}>
      <Group>
        <Button
          variant="default"
          size="xs"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? t('roster.history.hide') : t('roster.history.show')}
        </Button>
      </Group>
      {!isOpen ? null : history.isError ? (
        <Text size="sm" c="red">
          {t('roster.history.failed')}
        </Text>
      ) : history.isPending ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('roster.history.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={420}
          type="native"
          tabIndex={0}
          role="group"
          aria-label={t('roster.history.title')}
          className="mantine-focus-auto"
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('roster.history.member')}</Table.Th>
                <Table.Th>{t('roster.history.team')}</Table.Th>
                <Table.Th>{t('roster.history.from')}</Table.Th>
                <Table.Th>{t('roster.history.until')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((period) => (
                <Table.Tr key={`${period.memberId}-${period.from}-${period.teamNumber}`}>
                  <Table.Td>{period.name}</Table.Td>
                  <Table.Td>{t('roster.team', { number: period.teamNumber })}</Table.Td>
                  <Table.Td>{dates.dateTime(period.from)}</Table.Td>
                  <Table.Td>
                    {period.until === null
                      ? t('roster.history.now')
                      : `${dates.dateTime(period.until)}${period.hasLeft ? ` (${t('roster.history.left')})` : ''}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
