import { Badge } from '@mantine/core';
import type { RosterJoinStatus, RosterJoinStatusView } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { useRosterStatus } from '../api/get-roster-status';

type MemberStatus = RosterJoinStatusView['members'][number];

const COLORS: Record<RosterJoinStatus, string> = {
  none: 'gray',
  invited: 'blue',
  requested: 'yellow',
  joined: 'teal',
};

/** A badge whose words wrap on a narrow screen instead of being cut off with an ellipsis. */
export const WRAPPING_BADGE = {
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
} as const;

// One index per answer, shared by every badge of the list (not one search per row).
const indexes = new WeakMap<RosterJoinStatusView, Map<string, MemberStatus>>();

function statusIn(view: RosterJoinStatusView, memberId: string): MemberStatus | undefined {
  let index = indexes.get(view);
  if (!index) {
    index = new Map(view.members.map((member) => [member.memberId, member]));
    indexes.set(view, index);
  }
  return index.get(memberId);
}

/** The words of a member's status: an invited member's also say what became of the mail. */
export function useJoinStatusLabel(): (
  member: Pick<MemberStatus, 'status' | 'invitation'>,
) => string {
  const { t } = useTranslation();
  return ({ status, invitation }) =>
    status === 'invited' && invitation !== null && invitation !== 'joined'
      ? t(`joining.status.invitedMail.${invitation}`)
      : t(`joining.status.${status}`);
}

/**
 * A member's join status as the owner sees it in the Members tab (issue 24): invited (and the
 * mail's state: on its way, sent, failed, not sent), requested, joined or not joined. Said in
 * words, not by colour alone. Owner only: the route shows it to the owner, and the API refuses
 * anyone else.
 */
export function JoinStatusBadge({
  workspaceId,
  memberId,
}: {
  workspaceId: string;
  memberId: string;
}) {
  const query = useRosterStatus(workspaceId);
  const labelOf = useJoinStatusLabel();
  const member = query.data ? statusIn(query.data, memberId) : undefined;
  if (!member) return null;
  const isFailed = member.status === 'invited' && member.invitation === 'failed';
  return (
    <Badge
      size="xs"
      variant="light"
      color={isFailed ? 'red' : COLORS[member.status]}
      h="auto"
      styles={WRAPPING_BADGE}
      data-testid="member-join-status"
    >
      {labelOf(member)}
    </Badge>
  );
}
