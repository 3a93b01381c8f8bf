import { DEFAULT_PASSWORD_POLICY } from '@teamshuffle/domain';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { isPasswordAcceptable, passwordChecklist } from './password-checklist';

const STRICT: PasswordPolicy = {
  minLength: 8,
  maxLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireNumber: true,
  requireSymbol: true,
};

describe('passwordChecklist', () => {
  it('the default policy shows only the minimum length of 6', () => {
    expect(passwordChecklist('', DEFAULT_PASSWORD_POLICY)).toEqual([
      { rule: 'minLength', isMet: false, count: 6 },
    ]);
    expect(passwordChecklist('secret', DEFAULT_PASSWORD_POLICY)).toEqual([
      { rule: 'minLength', isMet: true, count: 6 },
    ]);
  });

  it('lists every switched-on rule in order and ticks the ones met while typing', () => {
    const items = passwordChecklist('abcD', STRICT);
    expect(items.map((item) => item.rule)).toEqual([
      'minLength',
      'maxLength',
      'lowercase',
      'uppercase',
      'number',
      'symbol',
    ]);
    expect(Object.fromEntries(items.map((item) => [item.rule, item.isMet]))).toEqual({
      minLength: false,
      maxLength: true,
      lowercase: true,
      uppercase: true,
      number: false,
      symbol: false,
    });
    expect(items.find((item) => item.rule === 'maxLength')?.count).toBe(12);
    expect(items.find((item) => item.rule === 'symbol')?.count).toBeUndefined();
  });

  it('a too-long password un-ticks the maximum', () => {
    const items = passwordChecklist('abcDEF123!@#x', STRICT);
    expect(items.find((item) => item.rule === 'maxLength')?.isMet).toBe(false);
    expect(items.filter((item) => !item.isMet).map((item) => item.rule)).toEqual(['maxLength']);
  });

  it('isPasswordAcceptable agrees with the checklist', () => {
    expect(isPasswordAcceptable('abcD1!xy', STRICT)).toBe(true);
    expect(isPasswordAcceptable('abcd1!xy', STRICT)).toBe(false);
    expect(isPasswordAcceptable('12345', DEFAULT_PASSWORD_POLICY)).toBe(false);
  });
});
