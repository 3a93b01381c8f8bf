import { describe, expect, it } from 'vitest';
import { isE164PhoneNumber, isOtpCode, normalizePhoneNumber } from './phone-number';

describe('phone numbers', () => {
  it('accepts E.164 and the usual separators people type', () => {
    expect(isE164PhoneNumber(normalizePhoneNumber('+821012345678'))).toBe(true);
    expect(isE164PhoneNumber(normalizePhoneNumber(' +82 10-1234-5678 '))).toBe(true);
    expect(isE164PhoneNumber(normalizePhoneNumber('+1 (415) 555.0100'))).toBe(true);
  });

  it('refuses national numbers and nonsense', () => {
    expect(isE164PhoneNumber('01012345678')).toBe(false);
    expect(isE164PhoneNumber('+0123456789')).toBe(false);
    expect(isE164PhoneNumber('+82')).toBe(false);
    expect(isE164PhoneNumber('+8210123456789012')).toBe(false);
    expect(isE164PhoneNumber('+82abc')).toBe(false);
  });

  it('a one-time code is exactly six digits', () => {
    expect(isOtpCode('123456')).toBe(true);
    expect(isOtpCode('12345')).toBe(false);
    expect(isOtpCode('12345a')).toBe(false);
  });
});
