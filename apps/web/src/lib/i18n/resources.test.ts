import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ko } from './ko';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('Korean has exactly the English keys, none empty', () => {
    expect(keys(ko).sort()).toEqual(keys(en).sort());
    const values = (obj: unknown): unknown[] =>
      typeof obj === 'object' && obj !== null ? Object.values(obj).flatMap(values) : [obj];
    expect(values(ko).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
  });

  // Issue 27: the verification gate's tips, the chat placeholder and the e-mail saves were in
  // Korean in the English interface too; every string is in the chosen language.
  it('has no Korean in the English interface but the name of the Korean language', () => {
    const entries = (obj: unknown, prefix = ''): [string, unknown][] =>
      typeof obj === 'object' && obj !== null
        ? Object.entries(obj).flatMap(([key, child]) =>
            entries(child, prefix ? `${prefix}.${key}` : key),
          )
        : [[prefix, obj]];
    const korean = entries(en)
      .filter(
        ([, value]) =>
          typeof value === 'string' && /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/.test(value),
      )
      .map(([key]) => key);
    expect(korean).toEqual(['language.ko']);
    expect(ko.teamChat.comingSoon).toBe('채팅 기능은 곧 제공될 예정입니다.');
  });
});

describe('accounts wording', () => {
  it('keeps the spec messages verbatim in English', () => {
    expect(en.auth.validation.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(en.auth.validation.emailFirst).toBe('Please enter your email address first');
    expect(en.auth.passwordReset.sent).toBe('Password reset email sent!');
    expect(en.auth.verification.sent).toBe(
      "Verification email sent! Please check your spam folder if you don't see it in your inbox.",
    );
    expect(en.auth.verification.failed).toBe(
      'Failed to resend verification email. Please try again.',
    );
    expect(en.auth.gate.sent).toBe(
      'Verification email sent! Please check your email and spam folder.',
    );
    expect(en.auth.gate.failed).toBe('Failed to resend verification email. Please try again.');
    expect(en.auth.google.cancelled).toBe('Sign in was cancelled. Please try again.');
    expect(en.auth.google.popupBlocked).toBe(
      'Popup was blocked. Please allow popups and try again.',
    );
    expect(en.auth.google.network).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(en.auth.google.failed).toBe('Google sign in failed: {{message}}');
    expect(en.profile.delete.mismatch).toBe(
      'Account deletion cancelled. You must type "DELETE" exactly to confirm.',
    );
    expect(en.profile.delete.passwordRequired).toBe('Please enter your password.');
    expect(en.profile.delete.failed).toBe('Failed to delete account: {{reason}}');
    expect(en.profile.storage.high).toBe('Storage usage is high');
  });

  it('words the verification gate tips in each language (spec part 1, section 2; issue 27)', () => {
    for (const key of ['tipsTitle', 'tipSpam', 'tipPromotions', 'tipResend'] as const) {
      expect(en.auth.gate[key]).not.toMatch(/[가-힣]/);
      expect(ko.auth.gate[key]).toMatch(/[가-힣]/);
    }
  });
});
