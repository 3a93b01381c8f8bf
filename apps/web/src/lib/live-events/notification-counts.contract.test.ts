import { notificationCounts } from '@teamshuffle/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNotificationCounts } from './notification-counts';

// The bell's counts are read by hand (no zod in the shell). These properties hold the hand
// parser to the contract: it accepts exactly what the domain's `notificationCounts` accepts,
// and reads the same figures.

const RUNS = 300;
const TIMEOUT_MS = 20_000;

const number = fc.oneof(fc.integer(), fc.double());
const validCounts = fc.record({ total: number, unread: number, read: number });
const altered = fc
  .tuple(
    validCounts,
    fc.constantFrom('total', 'unread', 'read'),
    fc.oneof(fc.constant('delete' as const), fc.anything()),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  )
  .map(([counts, field, change, extra]) => {
    const copy: Record<string, unknown> = { ...extra, ...counts };
    if (change === 'delete') delete copy[field];
    else copy[field] = change;
    return copy;
  });

function byHand(body: unknown) {
  try {
    return { ok: true as const, counts: parseNotificationCounts(body) };
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return { ok: false as const };
  }
}

function byContract(body: unknown) {
  const parsed = notificationCounts.safeParse(body);
  return parsed.success ? { ok: true as const, counts: parsed.data } : { ok: false as const };
}

describe('parseNotificationCounts', () => {
  it(
    'agrees with the contract on valid, altered and arbitrary bodies',
    () => {
      fc.assert(
        fc.property(fc.oneof(validCounts, altered, fc.anything()), (body) => {
          expect(byHand(body)).toEqual(byContract(body));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
