import type { MoveBreak, MoveCheck } from '@teamshuffle/domain';
import type { TFunction } from '../../../lib/i18n';

// The words for what a move by hand breaks (issue 24): short in the "Move to team" menu and on
// the team a member is dragged over, with what happens to the constraint in the confirmation.

/** How a member is named: their label ('Ann (2)' when names repeat), else their id. */
export type LabelOf = (memberId: string) => string;

const names = (ids: readonly string[], labelOf: LabelOf) => ids.map(labelOf).join(', ');

/** One break, briefly ('Splits the fixed pair with Lee'). */
export function breakSummary(broken: MoveBreak, t: TFunction, labelOf: LabelOf): string {
  switch (broken.kind) {
    case 'fixedPairSplit':
      return t('teamMove.breaks.fixedPairSplit', { partner: labelOf(broken.partnerId) });
    case 'lockedTeamSplit':
      return t('teamMove.breaks.lockedTeamSplit', { others: names(broken.otherIds, labelOf) });
    case 'lockedTeamsJoined':
      return t('teamMove.breaks.lockedTeamsJoined', { others: names(broken.otherIds, labelOf) });
    case 'keepApartJoined':
      return t('teamMove.breaks.keepApartJoined', { partner: labelOf(broken.partnerId) });
    case 'uneven':
      return t('teamMove.breaks.uneven', { after: broken.spreadAfter });
  }
}

/** One break with what confirming does to it ('... the pair is removed.'). */
export function breakDetail(
  broken: MoveBreak,
  memberId: string,
  t: TFunction,
  labelOf: LabelOf,
): string {
  const member = labelOf(memberId);
  switch (broken.kind) {
    case 'fixedPairSplit':
      return t('teamMove.confirm.fixedPairSplit', { member, partner: labelOf(broken.partnerId) });
    case 'lockedTeamSplit':
      return t('teamMove.confirm.lockedTeamSplit', {
        member,
        others: names(broken.otherIds, labelOf),
      });
    case 'lockedTeamsJoined':
      return t('teamMove.confirm.lockedTeamsJoined', {
        member,
        others: names(broken.otherIds, labelOf),
      });
    case 'keepApartJoined':
      return t('teamMove.confirm.keepApartJoined', { member, partner: labelOf(broken.partnerId) });
    case 'uneven':
      return t('teamMove.confirm.uneven', {
        after: broken.spreadAfter,
        before: broken.spreadBefore,
      });
  }
}

/** Why a move cannot be made, or null when it can (a move to the member's own team: null). */
export function refusalText(check: MoveCheck, t: TFunction): string | null {
  if (check.ok) return null;
  switch (check.reason) {
    case 'emptiesTeam':
      return t('teamMove.refusals.emptiesTeam', { number: check.from ?? 0 });
    case 'sameTeam':
    case 'unknownMember':
    case 'unknownTeam':
      return null;
  }
}
