// E.164: a plus, a country code that does not start with 0, at most 15 digits in all.
const E164 = /^\+[1-9]\d{6,14}$/;

/** Drops the spaces, dashes, dots and brackets people type inside phone numbers. */
export function normalizePhoneNumber(input: string): string {
  return input.trim().replace(/[\s\-().]/g, '');
}

/** Whether the (normalized) number is in international E.164 form, like +821012345678. */
export function isE164PhoneNumber(value: string): boolean {
  return E164.test(value);
}

/** Whether the input is a complete one-time code (six digits). */
export function isOtpCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}
