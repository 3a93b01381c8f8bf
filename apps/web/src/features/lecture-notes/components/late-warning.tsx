import type { TaskView } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { LateNotice, lateRuleOf, useHandInState } from '../../../components/late-work/late-notice';

/**
 * Before a hand-in after the task's deadline (issue 26, as the assignment panel does after its
 * end date), against the team's or member's own deadline (an extension) plus the grace period
 * (decision 0030): the answer will be marked late, will lose a percent per day, or is not taken
 * (the task closes at its deadline; the owner's hand-in on a team's behalf still is). The time
 * moves on while the form is open (`useNow`).
 */
export function LateWarning({
  task,
  extendedTo = null,
  isOwner = false,
}: {
  task: Pick<
    TaskView,
    | 'deadline'
    | 'latePolicy'
    | 'latePenaltyPercentPerDay'
    | 'latePenaltyFloorPercent'
    | 'graceMinutes'
  >;
  extendedTo?: string | null;
  isOwner?: boolean;
}) {
  const { t } = useTranslation();
  const rule = lateRuleOf(task);
  const state = useHandInState(rule, task.deadline, extendedTo);
  return (
    <LateNotice
      state={state}
      rule={rule}
      isOwner={isOwner}
      lateText={(date) => t('lectureNotes.panel.lateWarning', { date })}
    />
  );
}
