// Property tests of moving a member by hand (issue 24). The oracle is written apart from
// move-check.ts: it lists every constraint the teams break, from scratch, before and after the
// move, so a bug has to be made twice to slip through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.ts';
import { formTeams } from './engine.ts';
import { applyMove, moveChecker } from './move-check.ts';
import type { Arrangement } from './move-check.ts';

// Each property runs a fixed number of cases, each linear in a dozen members: about 0.1-0.3 s
// idle on the 2-core machine. The timeout is ten times that on a busy one.
const RUNS = 200;
const PROPERTY_TIMEOUT_MS = 20_000;

type Constraint = { id: string; memberIds: string[] };

/** Every constraint broken by the teams, as 'kind:id', plus 'uneven' when sizes differ by > 1. */
function brokenBy(arrangement: Arrangement<Constraint>): Set<string> {
  const team = new Map<string, number>();
  for (const group of arrangement.groups)
    for (const id of group.memberIds) team.set(id, group.number);
  const broken = new Set<string>();
  for (const pair of arrangement.fixedPairs) {
    if (team.get(pair.memberIds[0]!) !== team.get(pair.memberIds[1]!))
      broken.add(`fixedPair:${pair.id}`);
  }
  for (const locked of arrangement.lockedTeams) {
    if (new Set(locked.memberIds.map((id) => team.get(id))).size > 1)
      broken.add(`locked:${locked.id}`);
  }
  for (const pair of arrangement.keepApart) {
    if (team.get(pair.memberIds[0]!) === team.get(pair.memberIds[1]!))
      broken.add(`apart:${pair.id}`);
  }
  // Separate locked blocks (fixed pairs and locked teams merged, naively) in one team.
  const root = new Map<string, string>();
  const find = (id: string): string => (root.has(id) ? find(root.get(id)!) : id);
  for (const constraint of [...arrangement.fixedPairs, ...arrangement.lockedTeams]) {
    for (const id of constraint.memberIds) {
      const a = find(constraint.memberIds[0]!);
      const b = find(id);
      if (a !== b) root.set(b, a);
    }
  }
  for (const a of arrangement.lockedTeams) {
    for (const b of arrangement.lockedTeams) {
      if (a.id >= b.id) continue;
      const sameTeam = a.memberIds.some((x) =>
        b.memberIds.some((y) => team.get(x) === team.get(y)),
      );
      if (sameTeam && find(a.memberIds[0]!) !== find(b.memberIds[0]!)) {
        broken.add(`joined:${a.id}+${b.id}`);
      }
    }
  }
  const sizes = arrangement.groups.map((group) => group.memberIds.length);
  if (Math.max(...sizes) - Math.min(...sizes) > 1) broken.add('uneven');
  return broken;
}

const input = fc
  .record({
    m: fc.integer({ min: 2, max: 12 }),
    n: fc.integer({ min: 2, max: 5 }),
    pairs: fc.array(fc.tuple(fc.nat(11), fc.nat(11)), { maxLength: 3 }),
    locked: fc.array(fc.uniqueArray(fc.nat(11), { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
    apart: fc.array(fc.tuple(fc.nat(11), fc.nat(11)), { maxLength: 3 }),
    seed: fc.string({ minLength: 1, maxLength: 8 }),
  })
  .map(({ m, n, pairs, locked, apart, seed }) => {
    const id = (i: number) => `m${i % m}`;
    const two = (list: [number, number][], prefix: string) =>
      list
        .filter(([a, b]) => a % m !== b % m)
        .map(([a, b], k) => ({ id: `${prefix}${k}`, memberIds: [id(a), id(b)] }));
    return {
      members: Array.from({ length: m }, (_, i) => ({ id: `m${i}`, name: `M${i}` })),
      teamCount: Math.min(n, m),
      fixedPairs: two(pairs, 'p'),
      lockedTeams: locked
        .map((ids, k) => ({ id: `l${k}`, memberIds: [...new Set(ids.map(id))] }))
        .filter((team) => team.memberIds.length > 0),
      keepApart: two(apart, 'k'),
      seed,
    };
  });

type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;

/** The engine's teams for an input, or null when it refuses the input. */
function drawn(value: Input): Arrangement<Constraint> | null {
  try {
    const result = formTeams(value);
    return {
      groups: result.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
      fixedPairs: value.fixedPairs,
      lockedTeams: value.lockedTeams,
      keepApart: value.keepApart,
    };
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

const move = fc.record({ member: fc.nat(11), to: fc.integer({ min: 1, max: 5 }) });

describe('moving a member by hand (properties)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('keeps every member in exactly one team and changes only the two teams concerned', () => {
    fc.assert(
      fc.property(input, move, (value, { member, to }) => {
        const teams = drawn(value);
        if (!teams) return;
        const memberId = `m${member % value.members.length}`;
        const check = moveChecker(teams)(memberId, to);
        if (!check.ok) return;
        const after = applyMove(teams, check);
        const placed = after.groups.flatMap((group) => group.memberIds);
        expect(placed.sort()).toEqual(value.members.map((m) => m.id).sort());
        expect(after.groups.map((group) => group.number)).toEqual(
          teams.groups.map((g) => g.number),
        );
        after.groups.forEach((group, index) => {
          if (group.number === check.from || group.number === check.to) {
            expect(group.memberIds.includes(memberId)).toBe(group.number === check.to);
          } else {
            expect(group).toBe(teams.groups[index]);
          }
          expect(group.memberIds.length).toBeGreaterThan(0);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses exactly the moves to the same team, to no team, or that empty a team', () => {
    fc.assert(
      fc.property(input, move, (value, { member, to }) => {
        const teams = drawn(value);
        if (!teams) return;
        const memberId = `m${member % value.members.length}`;
        const from = teams.groups.find((group) => group.memberIds.includes(memberId))!;
        const check = moveChecker(teams)(memberId, to);
        const expected =
          to > teams.groups.length
            ? 'unknownTeam'
            : to === from.number
              ? 'sameTeam'
              : from.memberIds.length === 1
                ? 'emptiesTeam'
                : null;
        expect(check.ok ? null : check.reason).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('on the engine’s teams, reports exactly what the oracle finds broken after the move', () => {
    fc.assert(
      fc.property(input, move, (value, { member, to }) => {
        const teams = drawn(value);
        if (!teams) return;
        const before = brokenBy(teams);
        const check = moveChecker(teams)(`m${member % value.members.length}`, to);
        if (!check.ok) return;
        // The engine honours every constraint (its sizes may be uneven: 'most-even').
        expect([...before].filter((what) => what !== 'uneven')).toEqual([]);
        const moved = { ...teams, groups: applyMove(teams, check).groups };
        const found = [...brokenBy(moved)].filter((what) => what !== 'uneven');
        const reported = new Set<string>();
        for (const broken of check.breaks) {
          switch (broken.kind) {
            case 'fixedPairSplit':
              reported.add(`fixedPair:${broken.constraintId}`);
              break;
            case 'lockedTeamSplit':
              reported.add(`locked:${broken.constraintId}`);
              break;
            case 'keepApartJoined':
              reported.add(`apart:${broken.constraintId}`);
              break;
            case 'lockedTeamsJoined':
              reported.add('joined');
              break;
            case 'uneven':
              break;
          }
        }
        const foundKinds = new Set(
          found.map((what) => (what.startsWith('joined:') ? 'joined' : what)),
        );
        expect([...reported].sort()).toEqual([...foundKinds].sort());
        // Uneven: wider than one and wider than before.
        const spread = (groups: Arrangement['groups']) => {
          const sizes = groups.map((group) => group.memberIds.length);
          return Math.max(...sizes) - Math.min(...sizes);
        };
        const isWider = spread(moved.groups) > 1 && spread(moved.groups) > spread(teams.groups);
        expect(check.breaks.some((broken) => broken.kind === 'uneven')).toBe(isWider);
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves only constraints the moved teams honour, and takes out nothing it did not report', () => {
    fc.assert(
      fc.property(input, fc.array(move, { minLength: 1, maxLength: 4 }), (value, moves) => {
        let teams: Arrangement<Constraint> | null = drawn(value);
        if (!teams) return;
        // Several moves in a row, each made after its confirmation.
        for (const { member, to } of moves) {
          const check = moveChecker(teams)(`m${member % value.members.length}`, to);
          if (!check.ok) continue;
          const after: Arrangement<Constraint> = applyMove(teams, check);
          expect([...brokenBy(after)].filter((what) => what !== 'uneven')).toEqual([]);
          const kept = (list: readonly Constraint[]) => new Set(list.map((c) => c.id));
          const pairsGone = [...kept(teams.fixedPairs)].filter(
            (id) => !kept(after.fixedPairs).has(id),
          );
          const apartGone = [...kept(teams.keepApart)].filter(
            (id) => !kept(after.keepApart).has(id),
          );
          const reportedPairs = check.breaks.flatMap((b) =>
            b.kind === 'fixedPairSplit' ? [b.constraintId] : [],
          );
          const reportedApart = check.breaks.flatMap((b) =>
            b.kind === 'keepApartJoined' ? [b.constraintId] : [],
          );
          expect(pairsGone.sort()).toEqual([...new Set(reportedPairs)].sort());
          expect(apartGone.sort()).toEqual([...new Set(reportedApart)].sort());
          // Locked teams: nobody is locked who was not before; the moved member leaves only
          // when a locked break was reported; teams of other blocks are untouched.
          const lockedBefore = new Set(teams.lockedTeams.flatMap((team) => team.memberIds));
          const lockedAfter = after.lockedTeams.flatMap((team) => team.memberIds);
          expect(lockedAfter.every((id) => lockedBefore.has(id))).toBe(true);
          const hasLockedBreak = check.breaks.some(
            (b) => b.kind === 'lockedTeamSplit' || b.kind === 'lockedTeamsJoined',
          );
          const splitsPair = check.breaks.some((b) => b.kind === 'fixedPairSplit');
          if (!hasLockedBreak && !splitsPair) expect(after.lockedTeams).toBe(teams.lockedTeams);
          const ownTeam = teams.groups.find((g) => g.number === check.from)!.memberIds;
          for (const locked of teams.lockedTeams) {
            if (locked.memberIds.some((id) => ownTeam.includes(id))) continue;
            expect(after.lockedTeams).toContain(locked);
          }
          teams = after;
        }
      }),
      { numRuns: RUNS },
    );
  });
});
