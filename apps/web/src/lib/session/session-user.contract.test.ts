import { meResponse } from '@teamshuffle/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMeResponse } from './session-user';

// The session check parses GET /api/me by hand (no zod on the first page). These properties
// hold it to the contract: it accepts exactly the bodies the domain's `meResponse` accepts, and
// reads the same user from them.

// Each property runs a bounded number of cases; the timeout fits them on a busy 2-core machine
// (idle, all of them take well under a second).
const RUNS = 300;
const TIMEOUT_MS = 20_000;

const stringOrNull = fc.option(fc.string(), { nil: null });

const validUser = fc.record({
  id: fc.string(),
  displayName: fc.string(),
  email: stringOrNull,
  emailVerified: fc.boolean(),
  phoneNumber: stringOrNull,
  photoUrl: stringOrNull,
  createdAt: fc.string(),
  lastLoginAt: stringOrNull,
  isVerified: fc.boolean(),
  hasPassword: fc.boolean(),
});
const FIELDS = [
  'id',
  'displayName',
  'email',
  'emailVerified',
  'phoneNumber',
  'photoUrl',
  'createdAt',
  'lastLoginAt',
  'isVerified',
  'hasPassword',
] as const;

/** What a server out of step might send: a field missing, of another type, or extra fields. */
const alteredUser = fc
  .tuple(
    validUser,
    fc.constantFrom(...FIELDS),
    fc.oneof(fc.constant('delete' as const), fc.anything()),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  )
  .map(([user, field, change, extra]) => {
    const copy: Record<string, unknown> = { ...extra, ...user };
    if (change === 'delete') delete copy[field];
    else copy[field] = change;
    return copy;
  });

/** The hand parser's verdict: the user it read, or 'refused'. */
function byHand(body: unknown) {
  try {
    return { ok: true as const, user: parseMeResponse(body) };
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return { ok: false as const };
  }
}

function agree(body: unknown) {
  const contract = meResponse.safeParse(body);
  const hand = byHand(body);
  expect(hand.ok).toBe(contract.success);
  if (contract.success && hand.ok) expect(hand.user).toEqual(contract.data.user);
}

describe('parseMeResponse agrees with the domain meResponse', () => {
  it(
    'on valid bodies (signed in, signed out, with unknown fields)',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(validUser, fc.constant(null)),
          fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
          (user, extra) => {
            const body = { ...extra, user };
            expect(meResponse.safeParse(body).success).toBe(true);
            agree(body);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'on users with a field missing or of another type',
    () => {
      fc.assert(
        fc.property(alteredUser, (user) => agree({ user })),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'on bodies of any shape',
    () => {
      fc.assert(fc.property(fc.oneof(fc.anything(), fc.record({ user: fc.anything() })), agree), {
        numRuns: RUNS,
      });
    },
    TIMEOUT_MS,
  );

  it('refuses the shapes a lenient reader would let through', () => {
    const user = {
      id: 'u1',
      displayName: 'Ada',
      email: null,
      emailVerified: false,
      phoneNumber: null,
      photoUrl: null,
      createdAt: '2025-03-03T10:00:00.000Z',
      lastLoginAt: null,
      isVerified: false,
      hasPassword: true,
    };
    for (const body of [
      {},
      { user: undefined },
      { user: [] },
      { user: { ...user, email: undefined } },
      { user: { ...user, hasPassword: undefined } },
      { user: { ...user, displayName: 7 } },
    ]) {
      expect(meResponse.safeParse(body).success).toBe(false);
      expect(() => parseMeResponse(body)).toThrow(TypeError);
    }
  });
});
