import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconMailForward, IconSend } from '@tabler/icons-react';
import { INVITATION_RESEND_MINUTES, INVITATIONS_PER_OWNER_PER_DAY } from '@teamshuffle/domain';
import type { InvitationStatus, InvitationView, WorkspaceDetail } from '@teamshuffle/domain';
import { PageSection as Section } from '../../../components/page-section';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useInvitations } from '../api/get-invitations';
import { useResendInvitations } from '../api/resend-invitations';
import { useFormatDate } from '../../../lib/dates/use-format-date';

const STATUS_COLOR: Record<InvitationStatus, string> = {
  joined: 'green',
  queued: 'blue',
  sent: 'cyan',
  failed: 'red',
  not_sent: 'gray',
};

/**
 * Invitations (issue 24, decision 0021), the owner's panel in the Members tab: each roster e-mail
 * with its status (joined, or invited with the mail sent, failed or not sent), Resend per member
 * and Resend to all pending. A resend within 10 minutes of the last mail is refused by the server;
 * the button says from when it is possible again.
 */
export function InvitationsPanel({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const invitations = useInvitations(detail.id);
  const resend = useResendInvitations();

  const refusal = (error: Error): string => {
    if (!(error instanceof ApiError)) return t('invitations.errors.failed');
    switch (error.error) {
      case 'invitation_recently_sent':
        return t('invitations.errors.recentlySent', { minutes: INVITATION_RESEND_MINUTES });
      case 'invitation_daily_limit':
        return t('invitations.errors.dailyLimit', { limit: INVITATIONS_PER_OWNER_PER_DAY });
      case 'invitation_already_joined':
        return t('invitations.errors.alreadyJoined');
      case 'invitation_member_not_found':
        return t('invitations.errors.notFound');
      default:
        return t('invitations.errors.failed');
    }
  };

  const send = (item: InvitationView | null) =>
    resend.mutate(
      { workspaceId: detail.id, memberId: item?.memberId ?? null },
      {
        onSuccess: (result) => {
          if (item) notify.success(t('invitations.resent'));
          else {
            notify.success(t('invitations.resentAll', { count: result.queued }));
            if (result.skipped > 0)
              notify.info(t('invitations.skipped', { count: result.skipped }));
          }
        },
        onError: (error) => notify.error(refusal(error)),
      },
    );

  const items = invitations.data?.items ?? [];
  const hasPending = items.some((item) => item.status !== 'joined');
  return (
    <Section title={t('invitations.title')}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Text size="sm" c="dimmed" maw={560}>
            {t('invitations.intro')}
          </Text>
          {hasPending ? (
            <Button
              variant="default"
              leftSection={<IconSend size={18} aria-hidden="true" />}
              title={t('invitations.resendAllHint')}
              loading={resend.isPending && resend.variables.memberId === null}
              onClick={() => send(null)}
            >
              {t('invitations.resendAll')}
            </Button>
          ) : null}
        </Group>
        {invitations.isError ? (
          <Alert color="red" variant="light">
            {t('invitations.loadFailed')}
          </Alert>
        ) : null}
        {invitations.isSuccess && items.length === 0 ? (
          <Text c="dimmed">{t('invitations.empty')}</Text>
        ) : null}
        {items.length > 0 ? (
          // On a phone the table scrolls sideways inside its card: the scrolling box takes focus
          // for keyboard users (arrow keys scroll it), as All Members' does.
          <Table.ScrollContainer
            minWidth={560}
            type="native"
            tabIndex={0}
            role="group"
            aria-label={t('invitations.tableLabel')}
            className="mantine-focus-auto"
          >
            <Table verticalSpacing="xs" data-testid="invitations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invitations.columns.member')}</Table.Th>
                  <Table.Th>{t('invitations.columns.email')}</Table.Th>
                  <Table.Th>{t('invitations.columns.status')}</Table.Th>
                  <Table.Th>{t('invitations.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => {
                  const waitUntil = item.resendAfter ? dates.dateTime(item.resendAfter) : null;
                  return (
                    <Table.Tr key={item.memberId} data-testid={`invitation-${item.memberId}`}>
                      <Table.Td>
                        <Text size="sm">{item.name}</Text>
                        <Text size="xs" c="dimmed">
                          {item.teamNumber === null
                            ? t('invitations.noTeam')
                            : t('invitations.team', { number: item.teamNumber })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ wordBreak: 'break-all' }}>
                          {item.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[item.status]} variant="light">
                          {t(`invitations.status.${item.status}`)}
                        </Badge>
                        {item.sentAt && item.status !== 'joined' ? (
                          <Text size="xs" c="dimmed">
                            {t('invitations.sentAt', {
                              when: dates.dateTime(item.sentAt),
                            })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {item.status === 'joined' ? null : (
                          <Stack gap={2} align="flex-start">
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={<IconMailForward size={16} aria-hidden="true" />}
                              aria-label={t('invitations.resendTo', { name: item.name })}
                              disabled={waitUntil !== null}
                              loading={
                                resend.isPending && resend.variables.memberId === item.memberId
                              }
                              onClick={() => send(item)}
                            >
                              {t('invitations.resend')}
                            </Button>
                            {waitUntil ? (
                              <Text size="xs" c="dimmed">
                                {t('invitations.resendAfter', { time: waitUntil })}
                              </Text>
                            ) : null}
                          </Stack>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Section>
  );
}
