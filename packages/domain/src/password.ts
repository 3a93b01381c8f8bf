import { z } from 'zod';
import { PASSWORD_MIN_LENGTH_DEFAULT } from './constants.ts';

/** The password rules the server enforces and the sign-up form shows while typing. */
export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1),
  maxLength: z.number().int().min(1).nullable(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumber: z.boolean(),
  requireSymbol: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

/** spec part 1, section 5: minimum length 6 by default, every other rule optional. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH_DEFAULT,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumber: false,
  requireSymbol: false,
};

export const PASSWORD_RULES = [
  'minLength',
  'maxLength',
  'lowercase',
  'uppercase',
  'number',
  'symbol',
] as const;
/** One rule of a password policy. */
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The rules a policy switches on, in display order. */
export function activePasswordRules(policy: PasswordPolicy): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => {
    switch (rule) {
      case 'minLength':
        return true;
      case 'maxLength':
        return policy.maxLength !== null;
      case 'lowercase':
        return policy.requireLowercase;
      case 'uppercase':
        return policy.requireUppercase;
      case 'number':
        return policy.requireNumber;
      case 'symbol':
        return policy.requireSymbol;
    }
  });
}

/** The rules of the policy that the password breaks (empty when it is acceptable). */
export function checkPassword(password: string, policy: PasswordPolicy): PasswordRule[] {
  // Length in code points, so an emoji counts as one character as the user sees it.
  const length = [...password].length;
  return activePasswordRules(policy).filter((rule) => {
    switch (rule) {
      case 'minLength':
        return length < policy.minLength;
      case 'maxLength':
        return policy.maxLength !== null && length > policy.maxLength;
      case 'lowercase':
        return !/\p{Ll}/u.test(password);
      case 'uppercase':
        return !/\p{Lu}/u.test(password);
      case 'number':
        return !/\p{Nd}/u.test(password);
      case 'symbol':
        return !/[^\p{L}\p{N}\s]/u.test(password);
    }
  });
}

/** The English sentence for one rule, as the form's checklist and the server's error give it. */
export function describePasswordRule(rule: PasswordRule, policy: PasswordPolicy): string {
  switch (rule) {
    case 'minLength':
      return `At least ${policy.minLength} characters`;
    case 'maxLength':
      return `At most ${policy.maxLength ?? 0} characters`;
    case 'lowercase':
      return 'A lowercase letter';
    case 'uppercase':
      return 'An uppercase letter';
    case 'number':
      return 'A digit';
    case 'symbol':
      return 'A symbol (not a letter or digit)';
  }
}
