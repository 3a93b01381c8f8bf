import type { MeView } from '@teamshuffle/domain';

/** A verified account as GET /api/me answers it, for tests that fake the session. */
export function signedInUser(overrides: Partial<MeView> = {}): MeView {
  return {
    id: 'u1',
    displayName: 'Ada',
    email: 'ada@example.com',
    emailVerified: true,
    phoneNumber: null,
    photoUrl: null,
    createdAt: '2025-03-03T10:00:00.000Z',
    lastLoginAt: '2025-03-04T10:00:00.000Z',
    isVerified: true,
    hasPassword: true,
    ...overrides,
  };
}
