import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { handInState, type HandInState, type LateRule } from '@teamshuffle/domain';
import { useNow } from '../../hooks/use-now';
import { useTranslation } from '../../lib/i18n';
import { useFormatDate } from '../../lib/dates/use-format-date';

/**
 * A hand-in's state now (decision 0030): on time, late, late with a penalty, or closed, against
 * the team's (or member's) own deadline, its extension when it has one, plus the grace period.
 * The time moves on while the form is open (`useNow`).
 */
export function useHandInState(
  rule: LateRule,
  deadline: string | null,
  extendedTo: string | null | undefined,
): HandInState {
  const now = useNow();
  return handInState({ rule, deadline, extensionDueAt: extendedTo ?? null, at: new Date(now) });
}

/**
 * Before a hand-in after the deadline: late work is marked late (`lateText`, the form's own
 * words), loses a percent per day, or is not taken at all (closed: the owner's hand-in on a
 * team's behalf is still taken, so the owner's form shows the late words instead).
 */
export function LateNotice({
  state,
  rule,
  lateText,
  isOwner = false,
}: {
  state: HandInState;
  rule: LateRule;
  /** The words for late work that is taken: the form's existing late warning. */
  lateText: (deadline: string) => string;
  isOwner?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  if (state.state === 'on_time') return null;
  const date = dates.deadline(state.deadline);
  if (state.state === 'closed' && !isOwner) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconLock size={18} aria-hidden="true" />}
        data-testid="closed-notice"
      >
        {t('lateRules.notice.closed', { date })}
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      data-testid="late-warning"
    >
      {state.state === 'late_penalty'
        ? t('lateRules.notice.penalty', {
            date,
            perDay: rule.latePenaltyPercentPerDay ?? 0,
            percent: state.penaltyPercent,
          })
        : lateText(date)}
    </Alert>
  );
}

/** The rule of an item as its view carries it. */
export function lateRuleOf(item: LateRule): LateRule {
  return {
    latePolicy: item.latePolicy,
    latePenaltyPercentPerDay: item.latePenaltyPercentPerDay,
    latePenaltyFloorPercent: item.latePenaltyFloorPercent,
    graceMinutes: item.graceMinutes,
  };
}
