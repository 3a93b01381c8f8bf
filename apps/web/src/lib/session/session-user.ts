import type { MeView } from '@teamshuffle/domain';

/** The signed-in user as GET /api/me returns it (the domain's `meView`). */
export type SessionUser = MeView;

function isObject(value: unknown): value is Record<string, unknown> {
  // As zod's z.object: any non-null object but an array.
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * Reads the body of GET /api/me: the user, or null for a signed-out body (`{ user: null }`).
 * Parsed by hand rather than with zod so the session check stays out of the first page's bundle;
 * it accepts exactly what the domain's `meResponse` accepts (a property test holds it to that),
 * and like it keeps only the known fields. Throws a TypeError on any other body (a server out of
 * step with this client).
 */
export function parseMeResponse(body: unknown): SessionUser | null {
  if (!isObject(body)) throw new TypeError('GET /api/me: expected an object');
  const user = body['user'];
  if (user === null) return null;
  if (!isObject(user)) throw new TypeError('GET /api/me: expected user to be an object or null');
  const {
    id,
    displayName,
    email,
    emailVerified,
    phoneNumber,
    photoUrl,
    createdAt,
    lastLoginAt,
    isVerified,
    hasPassword,
  } = user;
  if (
    !isString(id) ||
    !isString(displayName) ||
    !isStringOrNull(email) ||
    !isBoolean(emailVerified) ||
    !isStringOrNull(phoneNumber) ||
    !isStringOrNull(photoUrl) ||
    !isString(createdAt) ||
    !isStringOrNull(lastLoginAt) ||
    !isBoolean(isVerified) ||
    !isBoolean(hasPassword)
  ) {
    throw new TypeError('GET /api/me: unexpected user shape');
  }
  return {
    id,
    displayName,
    email,
    emailVerified,
    phoneNumber,
    photoUrl,
    createdAt,
    lastLoginAt,
    isVerified,
    hasPassword,
  };
}
