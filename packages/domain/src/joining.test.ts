import { describe, expect, it } from 'vitest';
import {
  formatJoinCode,
  isJoinCodeShape,
  JOIN_CODE_ALPHABET,
  joinClaimInput,
  joinCodeInput,
  joinPath,
  joinSettingsInput,
  normalizeJoinCode,
  workspaceJoinPath,
} from './joining.ts';

describe('join codes (issue 24)', () => {
  it('use an alphabet without look-alike characters', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) {
      expect(JOIN_CODE_ALPHABET).not.toContain(lookAlike);
    }
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(JOIN_CODE_ALPHABET.length);
  });

  it('read a typed code in any case, with spaces and dashes', () => {
    expect(normalizeJoinCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizeJoinCode('ab cd\u2013ef')).toBe('ABCDEF');
    expect(joinCodeInput.parse({ code: 'k7m9 - p2qr' })).toEqual({ code: 'K7M9P2QR' });
  });

  it('accept 6 to 8 characters of the alphabet only', () => {
    expect(isJoinCodeShape('ABCDEF')).toBe(true);
    expect(isJoinCodeShape('ABCDEFGH')).toBe(true);
    for (const bad of ['ABCDE', 'ABCDEFGHJ', 'ABCDEFG0', 'ABCDEFGI', 'ABC<EF', '']) {
      expect(isJoinCodeShape(bad)).toBe(false);
    }
    const refused = joinCodeInput.safeParse({ code: 'ab1' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('A join code has 6 to 8 letters and digits.');
    expect(joinCodeInput.safeParse({ code: 'A'.repeat(41) }).success).toBe(false);
  });

  it('are shown in two halves and linked at /join/{code}', () => {
    expect(formatJoinCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(formatJoinCode('ABCDEFG')).toBe('ABCD-EFG');
    expect(joinPath('ABCDEFGH')).toBe('/join/ABCDEFGH');
    expect(joinPath()).toBe('/join');
    expect(workspaceJoinPath('ws 1')).toBe('/workspace/ws%201/join');
  });
});

describe('join inputs', () => {
  it('take a roster entry id and at least one switch', () => {
    expect(joinClaimInput.safeParse({ memberId: 'nope' }).success).toBe(false);
    expect(joinSettingsInput.safeParse({}).success).toBe(false);
    expect(joinSettingsInput.safeParse({ isEnabled: true, other: 1 }).success).toBe(false);
    expect(joinSettingsInput.parse({ autoApprove: false })).toEqual({ autoApprove: false });
  });
});
