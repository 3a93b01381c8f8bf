// Where the blocks go. Plain members (in no constraint) are fluid and are dealt last; everything
// else is a "unit" placed here: fixed-pair/locked-team blocks and members of keep-apart pairs.
//
// Sizes: with the units placed, the plain members can complete a split whose sizes differ by at
// most d iff topping every team up to lo = max(1, largest load - d, ceil(m/n) - d) takes no more
// members than there are (`allows`). That test only gets harder as units are added, so it prunes
// every partial placement. The engine first tries d = a proven lower bound (nearly always enough,
// and then provably the best); otherwise it finds any valid split and binary-searches d between.
// For each d: a DSatur-style greedy pass (most constrained unit first, into the emptiest team that
// allows it), then, for small problems, an exact depth-first search with a work budget, then a few
// greedy restarts. A d that the exact search exhausts is proven impossible.
import { appError } from '../errors.ts';
import { type Prng, shuffleInPlace } from './prng.ts';
import type { ShuffleBalance } from './types.ts';

// Typed-array reads use `!` where the index is in range by construction.

/** The units to place and the keep-apart (and locked-team) edges between them. */
export type PlacementProblem = {
  /** Team count. */
  n: number;
  /** Member count. */
  m: number;
  /** Size of each unit. */
  size: Int32Array;
  /** 1 for units that hold a locked team. */
  locked: Uint8Array;
  /** Neighbours of unit u: `adj[adjStart[u]..adjStart[u+1])`. */
  adjStart: Int32Array;
  adj: Int32Array;
  /** Members that are not in any unit (placed last, anywhere). */
  free: number;
  /** The n largest block sizes, largest first, plain members included (for the lower bound). */
  topSizes: number[];
};

/** Where the units went: a team index per unit, the team loads, the size range, and proof. */
export type Placement = {
  team: Int8Array;
  load: Int32Array;
  lo: number;
  hi: number;
  /** Whether every more even range was proven impossible (balance 'most-even' when uneven). */
  isProven: boolean;
};

// Work budgets of one call (units of roughly one inner-loop step). Generous enough that real
// input never comes near them; they only bound the time spent on pathological input.
const SEARCH_WORK_BUDGET = 20_000_000;
const GREEDY_WORK_BUDGET = 4_000_000;
const GREEDY_RESTARTS = 8;

type Budget = { search: number; greedy: number };
type Found = { kind: 'found'; team: Int8Array; load: Int32Array };
type Outcome = Found | { kind: 'infeasible' } | { kind: 'unknown' };

// Why it is a bound: the largest team has at least max(largest block, ceil(m/n)) members, and for
// every k the n-k teams without any of the k largest blocks share at most m minus those blocks,
// so the smallest team has at most floor((m - B_k) / (n - k)).
/** A lower bound of max - min team size (ignores keep-apart pairs and how blocks pack). */
export function spreadLowerBound(m: number, n: number, topSizes: readonly number[]): number {
  const highest = Math.max(topSizes[0] ?? 0, Math.ceil(m / n));
  let lowest = Number.POSITIVE_INFINITY;
  let taken = 0;
  for (let k = 0; k < n; k++) {
    lowest = Math.min(lowest, Math.floor((m - taken) / (n - k)));
    taken += topSizes[k] ?? 0;
  }
  return highest - lowest;
}

/** Places the units as evenly as the constraints allow; refuses when keep-apart pairs cannot hold. */
export function placeUnits(problem: PlacementProblem, prng: Prng): Placement {
  const { m, n } = problem;
  const lowerBound = spreadLowerBound(m, n, problem.topSizes);
  const budget = freshBudget();
  // The common case: the bound is reached at the first try, which proves it the best.
  const first = trySpread(problem, lowerBound, prng, budget);
  if (first.kind === 'found') return finish(problem, first, lowerBound, true);

  // Any split at all (spread m - n allows every split with no empty team), with its own budget.
  const any = trySpread(problem, m - n, prng, freshBudget());
  if (any.kind !== 'found') {
    throw appError('keep_apart_impossible', { n }, { field: 'keepApart' });
  }
  // Binary search between the two: a split of spread at most d exists for every d above the
  // optimum and for none below, so the last proven failure just under a success proves it best.
  let best = any;
  let good = smallestSpread(problem, any.load);
  let bad = lowerBound;
  let isBadProven = first.kind === 'infeasible';
  while (bad + 1 < good && budget.greedy > 0) {
    const mid = Math.floor((bad + good) / 2);
    const outcome = trySpread(problem, mid, prng, budget);
    if (outcome.kind === 'found') {
      best = outcome;
      good = smallestSpread(problem, outcome.load);
    } else {
      bad = mid;
      isBadProven = outcome.kind === 'infeasible';
    }
  }
  return finish(problem, best, good, bad + 1 >= good && isBadProven);
}

function freshBudget(): Budget {
  return { search: SEARCH_WORK_BUDGET, greedy: GREEDY_WORK_BUDGET };
}

// The smallest team size the free members must reach for a spread of at most d, given the units'
// loads: at least 1 (no empty team), at least the largest load minus d, and at least
// ceil(m / n) - d (otherwise the members would not fit under lo + d).
function floorFor(problem: PlacementProblem, load: Int32Array, d: number): number {
  let max = 0;
  for (let j = 0; j < load.length; j++) max = Math.max(max, load[j]!);
  return Math.max(1, max - d, Math.ceil(problem.m / problem.n) - d);
}

// Whether the free members can complete these loads into a split with spread at most d: topping
// every team up to floorFor(...) must not take more members than there are.
function allows(problem: PlacementProblem, load: Int32Array, d: number): boolean {
  const lo = floorFor(problem, load, d);
  let total = 0;
  for (let j = 0; j < load.length; j++) total += Math.max(lo, load[j]!);
  return total <= problem.m;
}

// The smallest spread the free members can reach from these loads.
function smallestSpread(problem: PlacementProblem, load: Int32Array): number {
  let low = 0;
  let high = problem.m - problem.n;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (allows(problem, load, mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

function finish(problem: PlacementProblem, outcome: Found, d: number, isProven: boolean) {
  const lo = floorFor(problem, outcome.load, d);
  return { team: outcome.team, load: outcome.load, lo, hi: lo + d, isProven };
}

function trySpread(problem: PlacementProblem, d: number, prng: Prng, budget: Budget): Outcome {
  const { n } = problem;
  const units = problem.size.length;
  if (d < 0 || !allows(problem, new Int32Array(n), d)) return { kind: 'infeasible' };
  let outcome: Outcome = greedy(problem, d, prng, budget);
  if (outcome.kind === 'found') return outcome;
  // The exact search costs about units * n * n per node and needs at least `units` nodes.
  if (units * units * n * n <= budget.search) {
    outcome = search(problem, d, prng, budget);
    if (outcome.kind !== 'unknown') return outcome;
  }
  for (let attempt = 0; attempt < GREEDY_RESTARTS && budget.greedy > 0; attempt++) {
    outcome = greedy(problem, d, prng, budget);
    if (outcome.kind === 'found') return outcome;
  }
  return { kind: 'unknown' };
}

// Whether adding `size` to team j keeps a spread of at most d reachable.
function allowsAdding(
  problem: PlacementProblem,
  load: Int32Array,
  j: number,
  size: number,
  d: number,
): boolean {
  const before = load[j]!;
  load[j] = before + size;
  const ok = allows(problem, load, d);
  load[j] = before;
  return ok;
}

function randomRanks(count: number, prng: Prng): Uint32Array {
  const rank = new Uint32Array(count);
  for (let u = 0; u < count; u++) rank[u] = prng.nextUint32();
  return rank;
}

// Whether unit a should be placed before unit b (ties broken by a random rank): locked teams
// first, then the most saturated (DSatur), then the largest, then the most connected.
function placesBefore(
  problem: PlacementProblem,
  rank: Uint32Array,
  a: number,
  satA: number,
  b: number,
  satB: number,
): boolean {
  const { locked, size, adjStart } = problem;
  if (locked[a] !== locked[b]) return locked[a]! > locked[b]!;
  if (satA !== satB) return satA > satB;
  if (size[a] !== size[b]) return size[a]! > size[b]!;
  const degA = adjStart[a + 1]! - adjStart[a]!;
  const degB = adjStart[b + 1]! - adjStart[b]!;
  if (degA !== degB) return degA > degB;
  if (rank[a] !== rank[b]) return rank[a]! > rank[b]!;
  return a < b;
}

// One greedy pass: a binary heap of (saturation, unit) entries, stale ones skipped when popped.
function greedy(problem: PlacementProblem, d: number, prng: Prng, budget: Budget): Outcome {
  const { n, size, adjStart, adj } = problem;
  const units = size.length;
  budget.greedy -= units * n + adj.length;
  const rank = randomRanks(units, prng);
  const team = new Int8Array(units).fill(-1);
  const load = new Int32Array(n);
  const usedMask = new Uint16Array(units); // teams that already hold a neighbour
  const saturation = new Uint8Array(units);

  const heap: number[] = [];
  const unitOf = (entry: number) => entry % units;
  const satOf = (entry: number) => Math.floor(entry / units);
  const before = (x: number, y: number) =>
    placesBefore(problem, rank, unitOf(x), satOf(x), unitOf(y), satOf(y));
  const push = (entry: number) => {
    let i = heap.length;
    heap.push(entry);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!before(entry, heap[up]!)) break;
      heap[i] = heap[up]!;
      i = up;
    }
    heap[i] = entry;
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && before(heap[right]!, heap[left]!) ? right : left;
        if (!before(heap[child]!, last)) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  };

  for (let u = 0; u < units; u++) push(u);
  while (heap.length > 0) {
    const entry = pop();
    const u = unitOf(entry);
    if (team[u]! >= 0 || satOf(entry) !== saturation[u]) continue; // placed, or a stale entry
    const s = size[u]!;
    let best = -1;
    let ties = 0;
    for (let j = 0; j < n; j++) {
      if ((usedMask[u]! >> j) & 1) continue;
      const l = load[j]!;
      if (!allowsAdding(problem, load, j, s, d)) continue;
      if (best < 0 || l < load[best]!) {
        best = j;
        ties = 1;
      } else if (l === load[best]! && prng.below(++ties) === 0) best = j;
    }
    if (best < 0) return { kind: 'unknown' };
    team[u] = best;
    load[best] = load[best]! + s;
    for (let k = adjStart[u]!; k < adjStart[u + 1]!; k++) {
      const v = adj[k]!;
      if (team[v]! >= 0 || (usedMask[v]! >> best) & 1) continue;
      usedMask[v] = usedMask[v]! | (1 << best);
      const sat = saturation[v]! + 1;
      saturation[v] = sat;
      push(sat * units + v);
    }
  }
  return { kind: 'found', team, load };
}

// Exact depth-first search: most constrained unit first (fewest teams it fits), teams tried
// emptiest first, and only one of the empty teams (they are interchangeable). Exhausting the
// tree proves the range impossible; running out of budget proves nothing.
function search(problem: PlacementProblem, d: number, prng: Prng, budget: Budget): Outcome {
  const { n, size, adjStart, adj } = problem;
  const units = size.length;
  const rank = randomRanks(units, prng);
  const team = new Int8Array(units).fill(-1);
  const load = new Int32Array(n);
  const neighbours = new Int32Array(units * n); // placed neighbours of unit u in team j
  let isAborted = false;

  const fits = (u: number, j: number) =>
    neighbours[u * n + j] === 0 && allowsAdding(problem, load, j, size[u]!, d);
  const move = (u: number, j: number, sign: 1 | -1) => {
    load[j] = load[j]! + sign * size[u]!;
    team[u] = sign > 0 ? j : -1;
    for (let k = adjStart[u]!; k < adjStart[u + 1]!; k++) {
      const cell = adj[k]! * n + j;
      neighbours[cell] = neighbours[cell]! + sign;
    }
  };

  const descend = (placed: number): boolean => {
    if (placed === units) return true;
    budget.search -= units * n * n;
    if (budget.search < 0) {
      isAborted = true;
      return false;
    }
    let chosen = -1;
    let chosenCount = n + 1;
    for (let u = 0; u < units; u++) {
      if (team[u]! >= 0) continue;
      let count = 0;
      for (let j = 0; j < n; j++) if (fits(u, j)) count++;
      if (count === 0) return false;
      if (
        count < chosenCount ||
        (count === chosenCount && placesBefore(problem, rank, u, 0, chosen, 0))
      ) {
        chosen = u;
        chosenCount = count;
      }
    }
    const candidates: number[] = [];
    let hasEmpty = false;
    for (let j = 0; j < n; j++) {
      if (!fits(chosen, j)) continue;
      if (load[j] === 0) {
        if (hasEmpty) continue;
        hasEmpty = true;
      }
      candidates.push(j);
    }
    shuffleInPlace(candidates, prng);
    candidates.sort((a, b) => load[a]! - load[b]!); // stable: random among equal loads
    for (const j of candidates) {
      move(chosen, j, 1);
      if (descend(placed + 1)) return true;
      move(chosen, j, -1);
      if (isAborted) return false;
    }
    return false;
  };

  if (descend(0)) return { kind: 'found', team, load };
  return isAborted ? { kind: 'unknown' } : { kind: 'infeasible' };
}

// Every team topped up to `lo` with free members, the rest given one level at a time to the
// smallest teams (random among equals), never above `hi`.
/** Final team sizes once the free members are counted in. */
export function fillSizes(
  load: Int32Array,
  lo: number,
  hi: number,
  free: number,
  prng: Prng,
): Int32Array {
  const n = load.length;
  const sizes = new Int32Array(n);
  let rest = free;
  for (let j = 0; j < n; j++) {
    sizes[j] = Math.max(load[j]!, lo);
    rest -= sizes[j]! - load[j]!;
  }
  while (rest > 0) {
    let min = Number.POSITIVE_INFINITY;
    let next = hi;
    for (let j = 0; j < n; j++) {
      const s = sizes[j]!;
      if (s >= hi) continue;
      if (s < min) {
        next = Math.min(hi, min);
        min = s;
      } else if (s > min) next = Math.min(next, s);
    }
    const smallest: number[] = [];
    for (let j = 0; j < n; j++) if (sizes[j] === min) smallest.push(j);
    // Cannot happen: the range guarantees room for every free member (n * hi >= m).
    if (smallest.length === 0) throw new Error('fillSizes: no room left for free members');
    const levels = Math.min(next - min, Math.floor(rest / smallest.length));
    if (levels > 0) {
      for (const j of smallest) sizes[j] = sizes[j]! + levels;
      rest -= levels * smallest.length;
    } else {
      // Fewer members left than smallest teams: a random subset gets one more each.
      shuffleInPlace(smallest, prng);
      for (let k = 0; k < rest; k++) sizes[smallest[k]!] = sizes[smallest[k]!]! + 1;
      rest = 0;
    }
  }
  return sizes;
}

/** Balance label of a result. */
export function balanceOf(spread: number, isProven: boolean): ShuffleBalance {
  if (spread <= 1) return 'even';
  return isProven ? 'most-even' : 'best-found';
}
