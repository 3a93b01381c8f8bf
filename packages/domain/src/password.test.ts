import { describe, expect, it } from 'vitest';
import {
  activePasswordRules,
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  describePasswordRule,
  type PasswordPolicy,
} from './password.ts';

const strict: PasswordPolicy = {
  minLength: 8,
  maxLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireNumber: true,
  requireSymbol: true,
};

describe('checkPassword', () => {
  it('needs only 6 characters by default (spec part 1, section 5)', () => {
    expect(checkPassword('abcde', DEFAULT_PASSWORD_POLICY)).toEqual(['minLength']);
    expect(checkPassword('abcdef', DEFAULT_PASSWORD_POLICY)).toEqual([]);
    expect(activePasswordRules(DEFAULT_PASSWORD_POLICY)).toEqual(['minLength']);
  });

  it('reports every broken rule of a strict policy, in order', () => {
    expect(checkPassword('abc', strict)).toEqual(['minLength', 'uppercase', 'number', 'symbol']);
    expect(checkPassword('ABCDEFGHIJ', strict)).toEqual(['lowercase', 'number', 'symbol']);
    expect(checkPassword('Abcdef1!', strict)).toEqual([]);
    expect(checkPassword('Abcdef1!xxxxx', strict)).toEqual(['maxLength']);
  });

  it('counts characters as the user sees them and accepts non-Latin letters', () => {
    expect(checkPassword('😀😀😀😀😀😀', DEFAULT_PASSWORD_POLICY)).toEqual([]);
    expect(checkPassword('비밀번호', { ...DEFAULT_PASSWORD_POLICY, minLength: 4 })).toEqual([]);
    expect(checkPassword('   a b ', { ...strict, minLength: 1, maxLength: null })).toContain(
      'symbol',
    );
  });

  it('describes each rule with its figure', () => {
    expect(describePasswordRule('minLength', strict)).toBe('At least 8 characters');
    expect(describePasswordRule('maxLength', strict)).toBe('At most 12 characters');
  });
});
