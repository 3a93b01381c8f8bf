import { Group, NumberInput, Radio, SimpleGrid, Stack } from '@mantine/core';
import {
  GRACE_MINUTES_MAX,
  GRACE_MINUTES_MIN,
  LATE_FLOOR_PERCENT_MAX,
  LATE_FLOOR_PERCENT_MIN,
  LATE_PENALTY_PERCENT_MAX,
  LATE_PENALTY_PERCENT_MIN,
  LATE_POLICIES,
  type LatePolicy,
  type LateRule,
} from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

/** The late-rule fields as a form holds them (a create body may leave them out). */
export type LateRuleValues = Partial<LateRule>;

interface LateRuleFieldsProps {
  values: LateRuleValues;
  /** Sets fields; a number input's empty value arrives as null. */
  onChange: (patch: Partial<LateRule>) => void;
  errors: Partial<Record<keyof LateRule, ReactNode>>;
  /** Prefix of the test ids ("assignment", "task"). */
  testId: string;
  disabled?: boolean;
}

/** A number input's value as the rule holds it: a whole number, or null while empty. */
function numberOrNull(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * "Late work" (issue 26, decision 0030): accept and flag (the default), accept with a penalty
 * per day late (percent, floor), or close at the deadline; and a grace period in minutes. Used by
 * the assignment form and a note's task fields; the domain schema checks the values.
 */
export function LateRuleFields({
  values,
  onChange,
  errors,
  testId,
  disabled,
}: LateRuleFieldsProps) {
  const { t } = useTranslation();
  const policy: LatePolicy = values.latePolicy ?? 'accept';
  const choose = (next: string) => {
    const chosen = LATE_POLICIES.find((candidate) => candidate === next) ?? 'accept';
    onChange(
      chosen === 'penalty'
        ? { latePolicy: chosen }
        : { latePolicy: chosen, latePenaltyPercentPerDay: null, latePenaltyFloorPercent: null },
    );
  };
  return (
    <Stack gap="xs" data-testid={`${testId}-late-rule`}>
      <Radio.Group
        label={t('lateRules.form.legend')}
        description={t('lateRules.form.description')}
        value={policy}
        onChange={choose}
      >
        <Stack gap={6} mt={6}>
          {LATE_POLICIES.map((option) => (
            <Radio
              key={option}
              value={option}
              label={t(`lateRules.form.${option}`)}
              description={t(`lateRules.form.${option}Hint`)}
              disabled={disabled}
              data-testid={`${testId}-late-${option}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {policy === 'penalty' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t('lateRules.form.percentLabel')}
            required
            min={LATE_PENALTY_PERCENT_MIN}
            max={LATE_PENALTY_PERCENT_MAX}
            allowDecimal={false}
            allowNegative={false}
            suffix="%"
            value={values.latePenaltyPercentPerDay ?? ''}
            onChange={(value) => onChange({ latePenaltyPercentPerDay: numberOrNull(value) })}
            error={errors.latePenaltyPercentPerDay}
            disabled={disabled}
            data-testid={`${testId}-late-percent`}
          />
          <NumberInput
            label={t('lateRules.form.floorLabel')}
            description={t('lateRules.form.floorHint')}
            min={LATE_FLOOR_PERCENT_MIN}
            max={LATE_FLOOR_PERCENT_MAX}
            allowDecimal={false}
            allowNegative={false}
            suffix="%"
            value={values.latePenaltyFloorPercent ?? ''}
            onChange={(value) => onChange({ latePenaltyFloorPercent: numberOrNull(value) })}
            error={errors.latePenaltyFloorPercent}
            disabled={disabled}
            data-testid={`${testId}-late-floor`}
          />
        </SimpleGrid>
      ) : null}
      <Group grow>
        <NumberInput
          label={t('lateRules.form.graceLabel')}
          description={t('lateRules.form.graceHint')}
          min={GRACE_MINUTES_MIN}
          max={GRACE_MINUTES_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={values.graceMinutes ?? 0}
          onChange={(value) => onChange({ graceMinutes: numberOrNull(value) ?? 0 })}
          error={errors.graceMinutes}
          disabled={disabled}
          data-testid={`${testId}-grace`}
        />
      </Group>
    </Stack>
  );
}

/** The rule in one line, as the cards and panels show it. */
export function useLateRuleSummary() {
  const { t } = useTranslation();
  return (rule: LateRule): string => {
    const parts: string[] = [];
    if (rule.latePolicy === 'close') parts.push(t('lateRules.summary.close'));
    else if (rule.latePolicy === 'penalty' && rule.latePenaltyPercentPerDay !== null) {
      parts.push(
        rule.latePenaltyFloorPercent
          ? t('lateRules.summary.penaltyFloor', {
              perDay: rule.latePenaltyPercentPerDay,
              floor: rule.latePenaltyFloorPercent,
            })
          : t('lateRules.summary.penalty', { perDay: rule.latePenaltyPercentPerDay }),
      );
    } else parts.push(t('lateRules.summary.accept'));
    if (rule.graceMinutes > 0) {
      parts.push(t('lateRules.summary.grace', { minutes: rule.graceMinutes }));
    }
    return parts.join(' ');
  };
}
