import { describe, expect, it } from 'vitest';
import { parseMeResponse } from './session-user';

const USER = {
  id: 'u1',
  displayName: 'Ada',
  email: 'ada@example.com',
  emailVerified: false,
  phoneNumber: null,
  photoUrl: null,
  createdAt: '2025-03-03T10:00:00.000Z',
  lastLoginAt: null,
  isVerified: false,
  hasPassword: true,
};

describe('parseMeResponse', () => {
  it('reads the user', () => {
    expect(parseMeResponse({ user: USER })).toEqual(USER);
  });

  it('reads a signed-out body as null', () => {
    expect(parseMeResponse({ user: null })).toBeNull();
  });

  it('reads a phone-only account without an e-mail', () => {
    const phoneUser = { ...USER, email: null, phoneNumber: '+821012345678', isVerified: true };
    expect(parseMeResponse({ user: phoneUser })).toEqual(phoneUser);
  });

  it('drops fields it does not know', () => {
    expect(parseMeResponse({ user: { ...USER, secret: 'x' } })).toEqual(USER);
  });

  it('refuses a body of another shape', () => {
    expect(() => parseMeResponse('nope')).toThrow(TypeError);
    expect(() => parseMeResponse({ user: { ...USER, email: 42 } })).toThrow(TypeError);
    expect(() => parseMeResponse({ user: { ...USER, photoUrl: 1 } })).toThrow(TypeError);
  });
});
