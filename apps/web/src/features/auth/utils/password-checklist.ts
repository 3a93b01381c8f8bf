import { activePasswordRules, checkPassword } from '@teamshuffle/domain';
import type { PasswordPolicy, PasswordRule } from '@teamshuffle/domain';

export interface PasswordChecklistItem {
  rule: PasswordRule;
  isMet: boolean;
  /** The number the rule's label mentions (length rules), else undefined. */
  count: number | undefined;
}

/** One checklist line per rule the policy switches on, in display order, ticked when met. */
export function passwordChecklist(
  password: string,
  policy: PasswordPolicy,
): PasswordChecklistItem[] {
  const broken = new Set(checkPassword(password, policy));
  return activePasswordRules(policy).map((rule) => ({
    rule,
    isMet: !broken.has(rule),
    count: ruleCount(rule, policy),
  }));
}

function ruleCount(rule: PasswordRule, policy: PasswordPolicy): number | undefined {
  switch (rule) {
    case 'minLength':
      return policy.minLength;
    case 'maxLength':
      return policy.maxLength ?? undefined;
    case 'lowercase':
    case 'uppercase':
    case 'number':
    case 'symbol':
      return undefined;
  }
}

/** Whether the password satisfies every rule of the policy. */
export function isPasswordAcceptable(password: string, policy: PasswordPolicy): boolean {
  return checkPassword(password, policy).length === 0;
}
