import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCookie, sessionTokenReader, verifiedSessionToken } from './session-cookie.ts';

const secret = 's'.repeat(40);
const sign = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`);

describe('verifiedSessionToken', () => {
  it('returns the token of a correctly signed cookie among others', () => {
    const header = `other=1; teamshuffle.session_token=${sign('abc123')}; x=y`;
    expect(verifiedSessionToken(header, 'teamshuffle.session_token', secret)).toBe('abc123');
  });

  it('refuses a forged, tampered, unsigned or missing cookie', () => {
    const name = 'teamshuffle.session_token';
    expect(
      verifiedSessionToken(`${name}=${sign('abc123', 'x'.repeat(40))}`, name, secret),
    ).toBeUndefined();
    expect(
      verifiedSessionToken(`${name}=${sign('abc123').replace('abc123', 'abc124')}`, name, secret),
    ).toBeUndefined();
    expect(verifiedSessionToken(`${name}=abc123`, name, secret)).toBeUndefined();
    expect(verifiedSessionToken(`${name}=%E0%A4%A`, name, secret)).toBeUndefined();
    expect(verifiedSessionToken(undefined, name, secret)).toBeUndefined();
    expect(readCookie('a=1; b=2', 'c')).toBeUndefined();
  });
});

describe('sessionTokenReader', () => {
  const name = 'teamshuffle.session_token';

  it('answers like verifiedSessionToken, remembered values included, after evictions', () => {
    const read = sessionTokenReader(name, secret, 2);
    const headers = ['a1', 'b2', 'c3', 'a1', 'b2', 'c3'].map((token) => `${name}=${sign(token)}`);
    for (const header of headers) {
      expect(read(header)).toBe(verifiedSessionToken(header, name, secret));
      expect(read(header)).toMatch(/^[abc]\d$/);
    }
  });

  it('refuses a forged value every time, also after the real one was remembered', () => {
    const read = sessionTokenReader(name, secret);
    expect(read(`${name}=${sign('abc123')}`)).toBe('abc123');
    const forged = `${name}=${sign('abc123', 'x'.repeat(40))}`;
    expect(read(forged)).toBeUndefined();
    expect(read(forged)).toBeUndefined();
    expect(read(`${name}=abc123`)).toBeUndefined();
    expect(read(undefined)).toBeUndefined();
  });

  it('does not accept values signed with another secret', () => {
    const read = sessionTokenReader(name, 'o'.repeat(40));
    expect(read(`${name}=${sign('abc123')}`)).toBeUndefined();
  });
});
