import { AppError, type LateRule, mergeLateRule } from '@teamshuffle/domain';

// An item's late rule on the server (decision 0030): read from its row, merged from a body.

/** An assignment's or a note's stored late rule (decision 0030). */
export function lateRuleOf(row: {
  latePolicy: LateRule['latePolicy'];
  latePenaltyPercentPerDay: number | null;
  latePenaltyFloorPercent: number | null;
  graceMinutes: number;
}): LateRule {
  return {
    latePolicy: row.latePolicy,
    latePenaltyPercentPerDay: row.latePenaltyPercentPerDay,
    latePenaltyFloorPercent: row.latePenaltyFloorPercent,
    graceMinutes: row.graceMinutes,
  };
}

/**
 * The late rule a body leaves an item with, over its stored one (a create's over the default):
 * a penalty policy without its percent is refused as the schema refuses it.
 */
export function lateRuleFrom(stored: LateRule, body: Partial<LateRule>): LateRule {
  const rule = mergeLateRule(stored, body);
  if (rule.latePolicy === 'penalty' && rule.latePenaltyPercentPerDay === null) {
    throw new AppError('validation_failed', {
      message: 'latePenaltyPercentPerDay: Enter the percent taken off per day late',
      field: 'latePenaltyPercentPerDay',
    });
  }
  return rule;
}

/** Whether a body changes the late rule at all. */
export function lateRuleTouched(input: Partial<LateRule>): boolean {
  return (
    input.latePolicy !== undefined ||
    input.latePenaltyPercentPerDay !== undefined ||
    input.latePenaltyFloorPercent !== undefined ||
    input.graceMinutes !== undefined
  );
}
