// Property-based tests of formTeams over thousands of random inputs. The oracles below are
// written independently of the engine (naive union-find, exhaustive search, the size bound
// re-derived), so a bug has to be made twice to slip through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ErrorId, isAppError } from '../errors.ts';
import { formTeams } from './engine.ts';
import { shuffleInput } from './schema.ts';
import type { FormTeamsInput, FormTeamsResult, MemberConstraint } from './types.ts';

// Each property runs a fixed number of cases (its numRuns), so its time is bounded by that count
// and the timeout only has to fit those cases on a busy CI machine. Measured on the 2-core dev
// machine: the slowest here (locked teams, 2000 runs) takes 2.7-4.3 s idle and 12.4 s with two
// CPU burners beside the suite (over Vitest's 5 s default, which is how it failed); the others take
// 0.1-2 s idle. 40 s is about 10x the slowest idle time. Every test in the describe below runs a
// fixed number of cases, so the timeout is set on it once.
const PROPERTY_TIMEOUT_MS = 40_000;

// --- Oracles -----------------------------------------------------------------------------------

type Facts = {
  m: number;
  n: number;
  /** Block of each member index (fixed pairs and locked teams merged). */
  block: number[];
  blockCount: number;
  blockSizes: number[];
  lockedBlocks: Set<number>;
  /** Keep-apart pairs as block pairs. */
  apart: [number, number][];
};

function facts(input: FormTeamsInput): Facts {
  const m = input.members.length;
  const index = new Map(input.members.map((member, i) => [member.id, i]));
  const root = input.members.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : find(root[i]!));
  const join = (ids: readonly string[]) => {
    for (const id of ids) root[find(index.get(id)!)] = find(index.get(ids[0]!)!);
  };
  for (const pair of input.fixedPairs ?? []) join(pair.memberIds);
  for (const locked of input.lockedTeams ?? []) join(locked.memberIds);
  const numbering = new Map<number, number>();
  const block = input.members.map((_, i) => {
    const r = find(i);
    if (!numbering.has(r)) numbering.set(r, numbering.size);
    return numbering.get(r)!;
  });
  const blockSizes = Array<number>(numbering.size).fill(0);
  for (const b of block) blockSizes[b]! += 1;
  const lockedBlocks = new Set(
    (input.lockedTeams ?? []).map((locked) => block[index.get(locked.memberIds[0]!)!]!),
  );
  const apart = (input.keepApart ?? []).map(
    (pair) =>
      [block[index.get(pair.memberIds[0]!)!]!, block[index.get(pair.memberIds[1]!)!]!] as [
        number,
        number,
      ],
  );
  return {
    m,
    n: input.teamCount,
    block,
    blockCount: numbering.size,
    blockSizes,
    lockedBlocks,
    apart,
  };
}

// Whether the blocks can be coloured with n teams: keep-apart blocks and locked blocks differ.
// (With at least n blocks, a colouring can always be spread so that no team is empty.)
function colourable({ n, blockCount, lockedBlocks, apart }: Facts): boolean {
  const neighbours: Set<number>[] = Array.from({ length: blockCount }, () => new Set());
  for (const [a, b] of apart) {
    neighbours[a]!.add(b);
    neighbours[b]!.add(a);
  }
  for (const a of lockedBlocks) for (const b of lockedBlocks) if (a !== b) neighbours[a]!.add(b);
  const order = [...neighbours.keys()].sort((a, b) => neighbours[b]!.size - neighbours[a]!.size);
  const colour = Array<number>(blockCount).fill(-1);
  const go = (k: number, used: number): boolean => {
    if (k === order.length) return true;
    const b = order[k]!;
    for (let c = 0; c < Math.min(n, used + 1); c++) {
      if ([...neighbours[b]!].some((v) => colour[v] === c)) continue;
      colour[b] = c;
      if (go(k + 1, Math.max(used, c + 1))) return true;
      colour[b] = -1;
    }
    return false;
  };
  return go(0, 0);
}

/** The refusal the engine must give for a well-formed input, or null when it must not refuse. */
function expectedRefusal(input: FormTeamsInput): ErrorId | null {
  const f = facts(input);
  if (f.n > f.m) return 'too_few_members';
  if (f.apart.some(([a, b]) => a === b)) return 'keep_apart_conflict';
  if (f.lockedBlocks.size > f.n) return 'too_many_locked_teams';
  if (Math.max(...f.blockSizes) > f.m - f.n + 1) return 'block_too_large';
  if (f.blockCount < f.n) return 'too_few_groups';
  if (!colourable(f)) return 'keep_apart_impossible';
  return null;
}

/**
 * Reference lower bound of max - min team size, derived by hand: the largest team has at least
 * max(largest block, ceil(m / n)) members; the n - k teams holding none of the k largest blocks
 * share what is left, so the smallest has at most floor((m - those blocks) / (n - k)).
 */
function referenceSpread(m: number, n: number, blockSizes: readonly number[]): number {
  const sizes = [...blockSizes].sort((a, b) => b - a);
  const highest = Math.max(sizes[0]!, Math.ceil(m / n));
  const lowests = Array.from({ length: n }, (_, k) => {
    const taken = sizes.slice(0, k).reduce((a, b) => a + b, 0);
    return Math.floor((m - taken) / (n - k));
  });
  return highest - Math.min(...lowests);
}

/** The smallest max - min over every valid split, by trying them all; null when none is valid. */
function bruteForceSpread(f: Facts): number | null {
  let best: number | null = null;
  const team = Array<number>(f.blockCount).fill(0);
  const locked = [...f.lockedBlocks];
  const visit = (b: number) => {
    if (b === f.blockCount) {
      if (f.apart.some(([x, y]) => team[x] === team[y])) return;
      if (locked.some((x, i) => locked.slice(i + 1).some((y) => team[x] === team[y]))) return;
      const sizes = Array<number>(f.n).fill(0);
      team.forEach((t, block) => (sizes[t]! += f.blockSizes[block]!));
      if (sizes.some((s) => s === 0)) return;
      const spread = Math.max(...sizes) - Math.min(...sizes);
      if (best === null || spread < best) best = spread;
      return;
    }
    for (let t = 0; t < f.n; t++) {
      team[b] = t;
      visit(b + 1);
    }
  };
  visit(0);
  return best;
}

/** Every guarantee of a successful result. */
function checkResult(input: FormTeamsInput, result: FormTeamsResult) {
  const n = input.teamCount;
  expect(result.teams.map((team) => team.number)).toEqual(
    Array.from({ length: n }, (_, i) => i + 1),
  );
  // Every member exactly once, by id (names may repeat).
  const teamOf = new Map<string, number>();
  for (const team of result.teams) {
    expect(team.memberIds.length).toBeGreaterThan(0);
    for (const id of team.memberIds) {
      expect(teamOf.has(id)).toBe(false);
      teamOf.set(id, team.number);
    }
  }
  expect(teamOf.size).toBe(input.members.length);
  for (const member of input.members) expect(teamOf.has(member.id)).toBe(true);
  // Fixed pairs and locked teams together, keep-apart pairs apart.
  const together = (c: MemberConstraint) =>
    new Set(c.memberIds.map((id) => teamOf.get(id))).size === 1;
  for (const pair of input.fixedPairs ?? []) expect(together(pair)).toBe(true);
  for (const locked of input.lockedTeams ?? []) expect(together(locked)).toBe(true);
  for (const pair of input.keepApart ?? []) {
    expect(teamOf.get(pair.memberIds[0]!)).not.toBe(teamOf.get(pair.memberIds[1]!));
  }
  // Distinct locked blocks in distinct teams.
  const f = facts(input);
  const lockedTeamsOf = [...f.lockedBlocks].map((b) => {
    const i = f.block.indexOf(b);
    return teamOf.get(input.members[i]!.id);
  });
  expect(new Set(lockedTeamsOf).size).toBe(lockedTeamsOf.length);
  // The report matches the teams.
  const sizes = result.teams.map((team) => team.memberIds.length);
  const spread = Math.max(...sizes) - Math.min(...sizes);
  expect(result.report.sizes).toEqual(sizes);
  expect(result.report.isEven).toBe(spread <= 1);
  expect(result.report.balance === 'even').toBe(spread <= 1);
  expect(result.report.unevenReason === null).toBe(spread <= 1);
  expect(spread).toBeGreaterThanOrEqual(referenceSpread(f.m, n, f.blockSizes));
  for (const placement of result.report.placements) {
    expect(teamOf.get(placement.memberId)).toBe(placement.teamNumber);
  }
  for (const block of result.report.blocks) {
    for (const id of block.memberIds) expect(teamOf.get(id)).toBe(block.teamNumber);
  }
  return { spread, teamOf };
}

function refusalOf(input: FormTeamsInput): ErrorId | null {
  try {
    checkResult(input, formTeams(input));
    return null;
  } catch (error) {
    if (isAppError(error)) return error.id;
    throw error;
  }
}

// --- Generators --------------------------------------------------------------------------------

const NAMES = ['Ann', 'Ben', 'Cho', 'Dee'] as const; // few names, so names repeat

const seedArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
  fc.nat({ max: 0xffff_ffff }),
);

// Two different indices below m (m >= 2).
const twoOf = (m: number) =>
  fc
    .tuple(fc.nat({ max: m - 1 }), fc.nat({ max: m - 2 }))
    .map(([a, b]) => [a, b >= a ? b + 1 : b] as const);

const noPairs = fc.constant<(readonly [number, number])[]>([]);

/** Random input with overlapping constraints on well-formed references. */
function inputArb(maxMembers: number, maxTeams: number) {
  return fc
    .integer({ min: 1, max: maxMembers })
    .chain((m) =>
      fc.record({
        m: fc.constant(m),
        // Mostly n <= m; sometimes more teams than members.
        n: fc.oneof(
          { weight: 9, arbitrary: fc.integer({ min: 2, max: Math.max(2, Math.min(maxTeams, m)) }) },
          { weight: 1, arbitrary: fc.integer({ min: 2, max: maxTeams }) },
        ),
        // Mostly a few keep-apart pairs; sometimes a dense web of them.
        apartCount: fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: 0, max: Math.ceil(m / 3) }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * m }) },
        ),
      }),
    )
    .chain(({ m, n, apartCount }) =>
      fc.record({
        ids: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), {
          minLength: m,
          maxLength: m,
        }),
        names: fc.array(fc.constantFrom(...NAMES), { minLength: m, maxLength: m }),
        n: fc.constant(n),
        fixed: m < 2 ? noPairs : fc.array(twoOf(m), { maxLength: Math.ceil(m / 4) }),
        locked: fc.array(fc.uniqueArray(fc.nat({ max: m - 1 }), { minLength: 1, maxLength: 4 }), {
          maxLength: 3,
        }),
        apart:
          m < 2 ? noPairs : fc.array(twoOf(m), { minLength: apartCount, maxLength: apartCount }),
        seed: seedArb,
      }),
    )
    .map(({ ids, names, n, fixed, locked, apart, seed }): FormTeamsInput => {
      const members = ids.map((id, i) => ({ id, name: names[i]! }));
      const idOf = (i: number) => ids[i]!;
      return {
        members,
        teamCount: n,
        fixedPairs: fixed.map((pair, k) => ({ id: `p${k}`, memberIds: pair.map(idOf) })),
        lockedTeams: locked.map((team, k) => ({ id: `l${k}`, memberIds: team.map(idOf) })),
        keepApart: apart.map((pair, k) => ({ id: `k${k}`, memberIds: pair.map(idOf) })),
        seed,
      };
    });
}

/**
 * Input built around a hidden even split: fixed pairs and locked teams (at most one per hidden
 * team) inside hidden teams, keep-apart pairs across them. The hidden split satisfies
 * everything, so the engine must succeed with sizes that differ by at most one.
 */
function plantedArb(maxMembers: number) {
  return fc
    .integer({ min: 2, max: maxMembers })
    .chain((m) =>
      fc.record({
        m: fc.constant(m),
        n: fc.integer({ min: 2, max: Math.min(10, m) }),
        order: fc.array(fc.nat(), { minLength: m, maxLength: m }),
        pairs: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: m }),
        locked: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 10 }),
        apart: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { maxLength: 2 * m }),
        seed: seedArb,
      }),
    )
    .map(({ m, n, order, pairs, locked, apart, seed }): FormTeamsInput => {
      // Hidden teams: members in a random order cut into n even runs.
      const shuffled = [...order.keys()].sort((a, b) => order[a]! - order[b]! || a - b);
      const hidden: number[][] = Array.from({ length: n }, () => []);
      shuffled.forEach((member, position) => hidden[position % n]!.push(member));
      const id = (i: number) => `id-${i}`;
      const fixedPairs = pairs.flatMap(([t, a, b], k) => {
        const team = hidden[t % n]!;
        if (team.length < 2) return [];
        const x = a % team.length;
        const y = (x + 1 + (b % (team.length - 1))) % team.length;
        return [{ id: `p${k}`, memberIds: [id(team[x]!), id(team[y]!)] }];
      });
      const lockedTeams = [...new Map(locked.map(([t, size]) => [t % n, size])).entries()].map(
        ([t, size]) => {
          const team = hidden[t]!;
          return { id: `l${t}`, memberIds: team.slice(0, 1 + (size % team.length)).map(id) };
        },
      );
      const keepApart = apart.flatMap(([t, u, a, b], k) => {
        const first = t % n;
        const second = (first + 1 + (u % (n - 1))) % n;
        const x = hidden[first]!;
        const y = hidden[second]!;
        return [{ id: `k${k}`, memberIds: [id(x[a % x.length]!), id(y[b % y.length]!)] }];
      });
      return {
        members: Array.from({ length: m }, (_, i) => ({ id: id(i), name: NAMES[i % 4]! })),
        teamCount: n,
        fixedPairs,
        lockedTeams,
        keepApart,
        seed,
      };
    });
}

// --- Properties --------------------------------------------------------------------------------

describe('formTeams (properties)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('keeps every guarantee, and refuses exactly when and why the oracle says', () => {
    fc.assert(
      fc.property(inputArb(30, 10), (input) => {
        expect(refusalOf(input)).toBe(expectedRefusal(input));
      }),
      { numRuns: 3000 },
    );
  });

  it("spreads unconstrained members by the spec's rule: base size, remainder one each", () => {
    // spec part 1, section 9: base size is members divided by teams, remainder spread one each
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 2, max: 10 }),
        seedArb,
        (m, n, seed) => {
          fc.pre(n <= m);
          const members = Array.from({ length: m }, (_, i) => ({ id: `m${i}`, name: 'Ann' }));
          const input = { members, teamCount: n, seed };
          const { spread } = checkResult(input, formTeams(input));
          const base = Math.floor(m / n);
          const remainder = m % n;
          const sizes = formTeams(input).report.sizes;
          expect(sizes.filter((size) => size === base + 1)).toHaveLength(remainder);
          expect(sizes.filter((size) => size === base)).toHaveLength(n - remainder);
          expect(spread).toBe(remainder === 0 ? 0 : 1);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('finds an even split whenever one exists (planted even splits)', () => {
    fc.assert(
      fc.property(plantedArb(60), (input) => {
        const result = formTeams(input);
        const { spread } = checkResult(input, result);
        expect(spread).toBeLessThanOrEqual(1);
        expect(result.report.balance).toBe('even');
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the most even split possible (exhaustive check on small inputs)', () => {
    fc.assert(
      fc.property(inputArb(8, 4), (input) => {
        const best = bruteForceSpread(facts(input));
        if (best === null) {
          expect(refusalOf(input)).not.toBeNull();
          return;
        }
        const result = formTeams(input);
        const { spread } = checkResult(input, result);
        expect(spread).toBe(best);
        expect(result.report.balance).toBe(best <= 1 ? 'even' : 'most-even');
      }),
      { numRuns: 2000 },
    );
  });

  it('matches the reference size bound when locked teams are the only constraint', () => {
    const arb = fc
      .record({ m: fc.integer({ min: 2, max: 80 }), n: fc.integer({ min: 2, max: 10 }) })
      .filter(({ m, n }) => n <= m)
      .chain(({ m, n }) =>
        fc.record({
          m: fc.constant(m),
          n: fc.constant(n),
          sizes: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: n }),
          seed: seedArb,
        }),
      );
    fc.assert(
      fc.property(arb, ({ m, n, sizes, seed }) => {
        const members = Array.from({ length: m }, (_, i) => ({ id: `m${i}`, name: 'Ann' }));
        const lockedTeams: MemberConstraint[] = [];
        let next = 0;
        for (const [k, size] of sizes.entries()) {
          if (next + size > m) break;
          const memberIds = members.slice(next, next + size).map((member) => member.id);
          lockedTeams.push({ id: `l${k}`, memberIds });
          next += size;
        }
        const input: FormTeamsInput = { members, teamCount: n, lockedTeams, seed };
        const refusal = expectedRefusal(input);
        expect(refusalOf(input)).toBe(refusal);
        if (refusal !== null) return;
        const result = formTeams(input);
        const { spread } = checkResult(input, result);
        expect(spread).toBe(referenceSpread(m, n, facts(input).blockSizes));
        if (spread > 1) {
          expect(result.report.balance).toBe('most-even');
          expect(result.report.unevenReason).toMatch(/These are the most even sizes possible\.$/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every keep-apart pair apart, or refuses only when no colouring exists', () => {
    const arb = fc
      .record({ m: fc.integer({ min: 2, max: 16 }), n: fc.integer({ min: 2, max: 4 }) })
      .chain(({ m, n }) =>
        fc.record({
          m: fc.constant(m),
          n: fc.constant(Math.min(n, m)),
          apart: fc.array(twoOf(m), { minLength: m, maxLength: 3 * m }),
          seed: seedArb,
        }),
      );
    let refused = 0;
    fc.assert(
      fc.property(arb, ({ m, n, apart, seed }) => {
        const members = Array.from({ length: m }, (_, i) => ({ id: `m${i}`, name: 'Ann' }));
        const keepApart = apart.map(([a, b], k) => ({
          id: `k${k}`,
          memberIds: [`m${a}`, `m${b}`],
        }));
        const input: FormTeamsInput = { members, teamCount: n, keepApart, seed };
        const refusal = refusalOf(input);
        expect(refusal).toBe(expectedRefusal(input));
        if (refusal !== null) refused++;
      }),
      { numRuns: 1500 },
    );
    expect(refused).toBeGreaterThan(0); // the generator does reach impossible inputs
  });

  it('is deterministic: the same input and seed give the same result', () => {
    fc.assert(
      fc.property(inputArb(40, 10), (input) => {
        let first: FormTeamsResult;
        try {
          first = formTeams(input);
        } catch {
          return;
        }
        const copy = JSON.parse(JSON.stringify(input)) as FormTeamsInput;
        expect(formTeams(copy)).toEqual(first);
        expect(formTeams({ ...copy, seed: first.seed })).toEqual(first);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives different teams for different seeds most of the time', () => {
    let differ = 0;
    const runs = 500;
    for (let k = 0; k < runs; k++) {
      const members = Array.from({ length: 8 + (k % 20) }, (_, i) => ({ id: `m${i}`, name: 'A' }));
      const input = { members, teamCount: 2 + (k % 3), fixedPairs: [], seed: `a${k}` };
      const a = formTeams(input).teams;
      const b = formTeams({ ...input, seed: `b${k}` }).teams;
      if (JSON.stringify(a) !== JSON.stringify(b)) differ++;
    }
    expect(differ / runs).toBeGreaterThan(0.95);
  });

  it('validates like the schema: references the schema refuses, the engine refuses with 400', () => {
    // Constraints drawn from a pool with unknown ids, repeats and wrong lengths.
    const arb = fc.record({
      ids: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1, maxLength: 5 }),
      fixed: fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'x'), { maxLength: 3 }), {
        maxLength: 2,
      }),
      locked: fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'y'), { maxLength: 3 }), {
        maxLength: 2,
      }),
      apart: fc.array(fc.array(fc.constantFrom('a', 'd', 'e', 'z'), { maxLength: 3 }), {
        maxLength: 2,
      }),
      constraintIds: fc.constantFrom('distinct', 'same'),
    });
    fc.assert(
      fc.property(arb, ({ ids, fixed, locked, apart, constraintIds }) => {
        const cid = (prefix: string, k: number) =>
          constraintIds === 'same' ? prefix : `${prefix}${k}`;
        const raw = {
          members: ids.map((id) => ({ id, name: 'Ann' })),
          teamCount: 2,
          fixedPairs: fixed.map((memberIds, k) => ({ id: cid('p', k), memberIds })),
          lockedTeams: locked.map((memberIds, k) => ({ id: cid('l', k), memberIds })),
          keepApart: apart.map((memberIds, k) => ({ id: cid('k', k), memberIds })),
          seed: 'v',
        };
        const parsed = shuffleInput.safeParse(raw);
        let status: number | null = null;
        try {
          formTeams(raw);
        } catch (error) {
          if (!isAppError(error)) throw error;
          status = error.status;
        }
        expect(parsed.success).toBe(status !== 400);
      }),
      { numRuns: 2000 },
    );
  });
});
