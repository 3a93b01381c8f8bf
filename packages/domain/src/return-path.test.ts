import { describe, expect, it } from 'vitest';
import { authIntentOf, invitationPath, returnPathOf, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps paths of this site', () => {
    expect(safeReturnPath('/workspace/abc')).toBe('/workspace/abc');
    expect(safeReturnPath('/join/ABCD-EFGH?x=1#top')).toBe('/join/ABCD-EFGH?x=1#top');
  });

  it('refuses anything that leaves the site or hides a host', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      'workspace/abc',
      '',
      null,
      undefined,
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});

describe('returnPathOf', () => {
  it('is the page without the sign-up parameters', () => {
    expect(returnPathOf('/workspace/1', '?auth=signUp')).toBe('/workspace/1');
    expect(returnPathOf('/workspace/1', '?auth=signUp&tab=2')).toBe('/workspace/1?tab=2');
    expect(returnPathOf('/join', '')).toBe('/join');
  });

  it('is a safe returnTo when there is one, and ignores an unsafe one', () => {
    expect(returnPathOf('/', '?auth=signUp&returnTo=%2Fworkspace%2F7')).toBe('/workspace/7');
    expect(returnPathOf('/workspaces', '?returnTo=https%3A%2F%2Fevil.example')).toBe('/workspaces');
  });
});

describe('authIntentOf and invitationPath', () => {
  it('reads only the known dialog tabs', () => {
    expect(authIntentOf('?auth=signUp')).toBe('signUp');
    expect(authIntentOf('?auth=signIn')).toBe('signIn');
    expect(authIntentOf('?auth=admin')).toBeNull();
    expect(authIntentOf('')).toBeNull();
  });

  it('opens the sign-up dialog only for an address with no account', () => {
    expect(invitationPath('w1', true)).toBe('/workspace/w1');
    expect(invitationPath('w1', false)).toBe('/workspace/w1?auth=signUp');
    expect(authIntentOf(invitationPath('w1', false).split('?')[1] ?? '')).toBe('signUp');
  });
});
