import type { MeView } from '@teamshuffle/domain';

/** The signed-in user as GET /api/me returns it. */
export type SessionUser = MeView;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringOrNull(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads the body of GET /api/me: the user, or null for a signed-out body (`{ user: null }`).
 * Parsed by hand rather than with zod so the session check stays out of the first page's bundle.
 * Throws on a body of any other shape (a server out of step with this client).
 */
export function parseMeResponse(body: unknown): SessionUser | null {
  if (!isRecord(body)) throw new TypeError('GET /api/me: expected an object');
  const user = body['user'];
  if (user === null || user === undefined) return null;
  if (!isRecord(user)) throw new TypeError('GET /api/me: expected user to be an object');
  const { id, displayName, emailVerified, createdAt, isVerified, hasPassword } = user;
  const email = stringOrNull(user['email']);
  const phoneNumber = stringOrNull(user['phoneNumber']);
  const photoUrl = stringOrNull(user['photoUrl']);
  const lastLoginAt = stringOrNull(user['lastLoginAt']);
  if (
    typeof id !== 'string' ||
    email === undefined ||
    typeof emailVerified !== 'boolean' ||
    typeof createdAt !== 'string' ||
    phoneNumber === undefined ||
    photoUrl === undefined ||
    lastLoginAt === undefined
  ) {
    throw new TypeError('GET /api/me: unexpected user shape');
  }
  return {
    id,
    displayName: typeof displayName === 'string' ? displayName : '',
    email,
    emailVerified,
    phoneNumber,
    photoUrl,
    createdAt,
    lastLoginAt,
    // Older servers may leave these out: fall back to what the e-mail flag says.
    isVerified: typeof isVerified === 'boolean' ? isVerified : emailVerified,
    hasPassword: typeof hasPassword === 'boolean' ? hasPassword : true,
  };
}
