// The seeded local search behind balancing (README.md in the shuffle folder, "Balancing").
//
// State: a team per unit (a block of members kept together, or one member). A step proposes one
// move: unit a from its team A to team B, alone (a move) or in exchange for a unit b of B (a
// swap). Only proposals that keep every hard constraint are evaluated: locked units never move,
// keep-apart neighbours never share a team, and every team size stays in [lo, hi], the range of
// the plain draw's sizes (so even sizes stay even). The objectives are compared in order:
//   1. isolation: (team, marked value) cells holding exactly one member;
//   2. spread: the sum over spread values and teams of count^2, minus its fair-share minimum
//      (zero exactly when every count is the floor or ceiling of total / n);
//   3. repeats: pairs together again, once per earlier round they shared a team in;
//   4. numeric: the sum over numeric attributes of (max - min team mean) / (value range), plus
//      the mean absolute deviation of the team means in the same units as a guide.
// A proposal is kept when it is better at the first level where it differs, or equal at every
// level (a sideways step across a plateau). When the current split stops improving, the search
// goes back to the best split found and kicks it with a few random valid moves (iterated local
// search); it stops when the best has not improved for a while, when every objective that can be
// proven optimal is at its bound, or at the step cap. All choices come from the seeded PRNG and
// the arithmetic has no transcendental functions, so a seed and a step count replay the same
// teams on every JavaScript engine.
import { createPrng, cyrb128, type Prng } from '../prng.ts';
import { fairSquares, type Problem, repeatsLowerBound } from './problem.ts';
import type { BalanceStop } from './types.ts';

// Typed-array reads use `!` where the index is in range by construction.

/** Weight of the team means' mean absolute deviation next to their spread (a tie-breaker). */
const DEVIATION_WEIGHT = 0.25;

// Steps without a better current split before a kick (between STALL_MIN and STALL_MAX, by the
// size of the neighbourhood, and at least 4 per unit), and without a better best split before
// the search stops (at least PATIENCE_MIN, growing with the units). Tuned against exhaustive
// search on small inputs (balance.property.test.ts) and the benchmark's sizes. With 400 steps
// for every small input, about 1 in 1,800 inputs of up to 12 members ended more than 10% above
// the best split (a CI failure, 2026-11-23); a small input's neighbours are all proposed within
// a few dozen steps, so the search only waited at its local optimum.
const STALL_MIN = 100;
const STALL_MAX = 400;
// A kick moves 1-3 units; on an input of up to 12 units every third one moves half of them. With
// the shorter stall alone, 1 in 18,000 inputs of up to 12 members still ended more than 10%
// above the best split; with both, none of 54,875 did. On the benchmark's 40 members such kicks
// every third time left the gaps between team means wider (docs/performance.md).
const LONG_KICK_EVERY = 3;
const LONG_KICK_MOVES = 6;
const PATIENCE_MIN = 20_000;

/** Default most steps of one search for m members (a step is one proposal). */
export function defaultMaxSteps(m: number): number {
  return 60_000 + 300 * m;
}

/** The figures the search compares, most important first. */
export type SearchScore = {
  isolation: number;
  spread: number;
  repeats: number;
  /** Sum of normalised spreads of the team means. */
  range: number;
  /** `range` plus the weighted deviation: what the search descends on. */
  numeric: number;
};

const EPSILON = 1e-12;

function compareDiscrete(a: SearchScore, b: SearchScore): number {
  if (a.isolation !== b.isolation) return a.isolation - b.isolation;
  if (a.spread !== b.spread) return a.spread - b.spread;
  return a.repeats - b.repeats;
}

/** Negative when `a` is better than `b` (best-split order: spread of means before the guide). */
export function compareScores(a: SearchScore, b: SearchScore): number {
  const discrete = compareDiscrete(a, b);
  if (discrete !== 0) return discrete;
  if (Math.abs(a.range - b.range) > EPSILON) return a.range - b.range;
  if (Math.abs(a.numeric - b.numeric) > EPSILON) return a.numeric - b.numeric;
  return 0;
}

/** A resumable search: `run` takes more steps, `teamOfMember` reads the best split so far. */
export class BalanceSearch {
  readonly maxSteps: number;
  steps = 0;
  stoppedBy: BalanceStop | null = null;

  private readonly p: Problem;
  private readonly prng: Prng;
  private readonly lo: number;
  private readonly hi: number;
  private readonly movable: Int32Array;
  private readonly teamOfUnit: Int32Array;
  private readonly bestTeamOfUnit: Int32Array;
  private readonly teamOfMember: Int32Array;
  private readonly size: Int32Array;
  private readonly unitsIn: number[][];
  private readonly slot: Int32Array;
  // Objective state.
  private readonly numSum: Float64Array[];
  private readonly numCount: Int32Array[];
  private readonly numMean: Float64Array;
  private readonly numScale: Float64Array;
  private readonly teamMean: Float64Array;
  private readonly absolute: Float64Array;
  private readonly teamsWithValues: Int32Array;
  private readonly max: Float64Array;
  private readonly min: Float64Array;
  private readonly argMax: Int32Array;
  private readonly argMin: Int32Array;
  // The same for a proposal being evaluated (nextMean: up to 4 touched teams per term).
  private readonly nextMean: Float64Array;
  private readonly nextAbsolute: Float64Array;
  private readonly nextTeams: Int32Array;
  private readonly nextMax: Float64Array;
  private readonly nextMin: Float64Array;
  private readonly nextArgMax: Int32Array;
  private readonly nextArgMin: Int32Array;
  // Moves of the current proposal (unit, team it came from) and the teams it touched.
  private readonly log: number[] = [];
  private readonly touched: number[] = [];
  // Categorical terms for pair moves: members with a value, and members by value.
  // Per unit: its combination of categorical values (-1 for blocks, or without categories).
  private readonly profile: Int32Array;
  private readonly pairTerms: { code: Int32Array; coded: Int32Array; byCode: Int32Array[] }[];
  private readonly spreadCount: Int32Array[];
  private readonly spreadCeil: Int32Array[];
  private readonly isoCount: Int32Array[];
  private readonly groupCount: Int32Array;
  private squares = 0;
  private readonly fairMinimum: number;
  private readonly isolationBound: number;
  private readonly repeatsBound: number;
  private score: SearchScore;
  private best: SearchScore;
  private readonly stall: number;
  private readonly patience: number;
  private readonly delta = zeroScore();
  private readonly next = zeroScore();
  private sinceImproved = 0;
  private sinceBest = 0;
  private kicks = 0;
  private readonly hasNumeric: boolean;

  /**
   * `start[j]` lists the member indices of team j: a valid split (constraints kept). `seed` is
   * the shuffle's seed; the search draws from its own generator derived from it.
   */
  constructor(
    problem: Problem,
    start: readonly (readonly number[])[],
    seed: string,
    maxSteps: number,
  ) {
    const p = problem;
    const { n, m, unitCount } = p;
    this.p = p;
    this.maxSteps = Math.max(0, Math.floor(maxSteps));
    this.prng = createPrng(cyrb128(`balance:${seed}`)[0]);
    this.teamOfMember = new Int32Array(m).fill(-1);
    start.forEach((team, j) => team.forEach((i) => (this.teamOfMember[i] = j)));
    this.teamOfUnit = new Int32Array(unitCount);
    for (let u = 0; u < unitCount; u++) {
      this.teamOfUnit[u] = this.teamOfMember[p.unitMembers[p.unitStart[u]!]!]!;
    }
    this.bestTeamOfUnit = this.teamOfUnit.slice();
    const sizes = start.map((team) => team.length);
    this.lo = Math.min(...sizes);
    this.hi = Math.max(...sizes);
    const movable: number[] = [];
    for (let u = 0; u < unitCount; u++) if (!p.unitLocked[u]) movable.push(u);
    this.movable = Int32Array.from(movable);
    this.size = new Int32Array(n);
    this.unitsIn = Array.from({ length: n }, () => []);
    this.slot = new Int32Array(unitCount);

    const K = p.numeric.length;
    this.hasNumeric = K > 0;
    this.numSum = p.numeric.map(() => new Float64Array(n));
    this.numCount = p.numeric.map(() => new Int32Array(n));
    this.numMean = new Float64Array(K);
    this.numScale = new Float64Array(K);
    p.numeric.forEach((term, k) => {
      let sum = 0;
      let count = 0;
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < m; i++) {
        const v = term.value[i]!;
        if (Number.isNaN(v)) continue;
        sum += v;
        count++;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      this.numMean[k] = count > 0 ? sum / count : 0;
      this.numScale[k] = count > 0 && max > min ? max - min : 1;
    });
    this.teamMean = new Float64Array(K * n);
    this.absolute = new Float64Array(K);
    this.teamsWithValues = new Int32Array(K);
    this.max = new Float64Array(K);
    this.min = new Float64Array(K);
    this.argMax = new Int32Array(K);
    this.argMin = new Int32Array(K);
    this.nextMean = new Float64Array(K * 4);
    this.nextAbsolute = new Float64Array(K);
    this.nextTeams = new Int32Array(K);
    this.nextMax = new Float64Array(K);
    this.nextMin = new Float64Array(K);
    this.nextArgMax = new Int32Array(K);
    this.nextArgMin = new Int32Array(K);
    this.profile = new Int32Array(unitCount).fill(-1);
    const categoryTerms = [...p.isolation, ...p.spread];
    if (categoryTerms.length > 0) {
      const profiles = new Map<string, number>();
      for (let u = 0; u < unitCount; u++) {
        if (p.unitSize[u] !== 1) continue;
        const x = p.unitMembers[p.unitStart[u]!]!;
        const key = categoryTerms.map((term) => term.code[x]).join(',');
        let id = profiles.get(key);
        if (id === undefined) profiles.set(key, (id = profiles.size));
        this.profile[u] = id;
      }
    }
    this.pairTerms = categoryTerms.map((term) => {
      const coded: number[] = [];
      const byCode: number[][] = term.values.map(() => []);
      for (let i = 0; i < m; i++) {
        if (term.code[i]! < 0) continue;
        coded.push(i);
        byCode[term.code[i]!]!.push(i);
      }
      return {
        code: term.code,
        coded: Int32Array.from(coded),
        byCode: byCode.map((list) => Int32Array.from(list)),
      };
    });
    this.spreadCount = p.spread.map((term) => new Int32Array(term.values.length * n));
    this.spreadCeil = p.spread.map((term) => term.totals.map((total) => Math.ceil(total / n)));
    this.isoCount = p.isolation.map((term) => new Int32Array(term.values.length * n));
    this.groupCount = new Int32Array(p.groupCount * n);
    let fair = 0;
    for (const term of p.spread) for (const total of term.totals) fair += fairSquares(total, n);
    this.fairMinimum = fair;
    let isolationBound = 0;
    for (const term of p.isolation)
      for (const total of term.totals) if (total === 1) isolationBound++;
    this.isolationBound = isolationBound;
    this.repeatsBound = p.groupCount > 0 ? repeatsLowerBound(p.roundSizes, n) : 0;

    const units = Math.max(1, this.movable.length);
    // About twice the moves a unit has (one per other team): a small input's neighbours are all
    // proposed within that many steps, a larger one waits up to STALL_MAX.
    const neighbours = 2 * units * (n - 1);
    this.stall = Math.max(4 * units, Math.min(STALL_MAX, Math.max(STALL_MIN, neighbours)));
    this.patience = Math.max(PATIENCE_MIN, 24 * units);
    this.score = this.rebuild();
    this.best = { ...this.score };
    if (this.movable.length === 0 || n < 2) this.stoppedBy = 'converged';
    this.checkOptimal();
  }

  /** Runs up to `budget` more steps; returns true once the search has stopped. */
  run(budget: number): boolean {
    const end = Math.min(this.maxSteps, this.steps + Math.max(0, Math.floor(budget)));
    while (this.stoppedBy === null && this.steps < end) {
      this.step();
      if (this.sinceBest >= this.patience) this.stoppedBy = 'converged';
    }
    if (this.stoppedBy === null && this.steps >= this.maxSteps) this.stoppedBy = 'steps';
    return this.stoppedBy !== null;
  }

  /** Share of the search done, 0..1 (the step cap or the stall limit, whichever is nearer). */
  progress(): number {
    if (this.stoppedBy !== null) return 1;
    const bySteps = this.maxSteps > 0 ? this.steps / this.maxSteps : 1;
    return Math.min(1, Math.max(bySteps, this.sinceBest / this.patience));
  }

  /** The best split found so far: a team index per member. */
  bestTeams(): Int32Array {
    const { p } = this;
    const team = new Int32Array(p.m);
    for (let u = 0; u < p.unitCount; u++) {
      for (let k = p.unitStart[u]!; k < p.unitStart[u + 1]!; k++) {
        team[p.unitMembers[k]!] = this.bestTeamOfUnit[u]!;
      }
    }
    return team;
  }

  /** The best score so far. */
  bestScore(): SearchScore {
    return { ...this.best };
  }

  // --- State -----------------------------------------------------------------------------------

  /** Recomputes every count and sum from `teamOfUnit`; returns the score. */
  private rebuild(): SearchScore {
    const { p } = this;
    const { n } = p;
    this.size.fill(0);
    for (const list of this.unitsIn) list.length = 0;
    for (const sums of this.numSum) sums.fill(0);
    for (const counts of this.numCount) counts.fill(0);
    for (const counts of this.spreadCount) counts.fill(0);
    for (const counts of this.isoCount) counts.fill(0);
    this.groupCount.fill(0);
    for (let u = 0; u < p.unitCount; u++) {
      const t = this.teamOfUnit[u]!;
      this.size[t] = this.size[t]! + p.unitSize[u]!;
      if (!p.unitLocked[u]) {
        this.slot[u] = this.unitsIn[t]!.length;
        this.unitsIn[t]!.push(u);
      }
      for (let k = p.unitStart[u]!; k < p.unitStart[u + 1]!; k++) {
        const x = p.unitMembers[k]!;
        this.teamOfMember[x] = t;
        p.numeric.forEach((term, q) => {
          const v = term.value[x]!;
          if (Number.isNaN(v)) return;
          this.numSum[q]![t] = this.numSum[q]![t]! + v;
          this.numCount[q]![t] = this.numCount[q]![t]! + 1;
        });
        p.spread.forEach((term, q) => {
          const c = term.code[x]!;
          if (c >= 0) this.spreadCount[q]![c * n + t] = this.spreadCount[q]![c * n + t]! + 1;
        });
        p.isolation.forEach((term, q) => {
          const c = term.code[x]!;
          if (c >= 0) this.isoCount[q]![c * n + t] = this.isoCount[q]![c * n + t]! + 1;
        });
        for (let r = 0; r < p.rounds; r++) {
          const g = p.groupOf[x * p.rounds + r]!;
          if (g >= 0) this.groupCount[g * n + t] = this.groupCount[g * n + t]! + 1;
        }
      }
    }
    let squares = 0;
    for (const counts of this.spreadCount) for (const c of counts) squares += c * c;
    this.squares = squares;
    let isolation = 0;
    for (const counts of this.isoCount) for (const c of counts) if (c === 1) isolation++;
    let repeats = 0;
    for (const c of this.groupCount) repeats += (c * (c - 1)) / 2;
    const score: SearchScore = {
      isolation,
      spread: squares - this.fairMinimum,
      repeats,
      range: 0,
      numeric: 0,
    };
    this.numericFull(score);
    return score;
  }

  /** Recomputes the team means and their figures from the sums; fills `score`. */
  private numericFull(score: SearchScore): void {
    if (!this.hasNumeric) return;
    const { n } = this.p;
    for (let q = 0; q < this.numSum.length; q++) {
      const sums = this.numSum[q]!;
      const counts = this.numCount[q]!;
      const center = this.numMean[q]!;
      let absolute = 0;
      let teams = 0;
      for (let t = 0; t < n; t++) {
        const value = counts[t]! > 0 ? sums[t]! / counts[t]! : Number.NaN;
        this.teamMean[q * n + t] = value;
        if (Number.isNaN(value)) continue;
        absolute += value > center ? value - center : center - value;
        teams++;
      }
      this.absolute[q] = absolute;
      this.teamsWithValues[q] = teams;
      this.scanExtremes(q, -1);
      this.max[q] = this.nextMax[q]!;
      this.min[q] = this.nextMin[q]!;
      this.argMax[q] = this.nextArgMax[q]!;
      this.argMin[q] = this.nextArgMin[q]!;
    }
    this.combineNumeric(score, false);
  }

  // Max and min of term q's team means into next*, with the touched teams' new means when
  // `withTouched` is 1 (else the kept means).
  private scanExtremes(q: number, withTouched: number): void {
    const { n } = this.p;
    let max = Number.NEGATIVE_INFINITY;
    let min = Number.POSITIVE_INFINITY;
    let argMax = 0;
    let argMin = 0;
    for (let t = 0; t < n; t++) {
      let value = this.teamMean[q * n + t]!;
      if (withTouched > 0) {
        const k = this.touched.indexOf(t);
        if (k >= 0) value = this.nextMean[q * 4 + k]!;
      }
      if (Number.isNaN(value)) continue;
      if (value > max) {
        max = value;
        argMax = t;
      }
      if (value < min) {
        min = value;
        argMin = t;
      }
    }
    this.nextMax[q] = max;
    this.nextMin[q] = min;
    this.nextArgMax[q] = argMax;
    this.nextArgMin[q] = argMin;
  }

  // Range and guide of the proposal (next*) or the kept state into `score`.
  private combineNumeric(score: SearchScore, isNext: boolean): void {
    let range = 0;
    let deviation = 0;
    for (let q = 0; q < this.numSum.length; q++) {
      const teams = isNext ? this.nextTeams[q]! : this.teamsWithValues[q]!;
      if (teams === 0) continue;
      const scale = this.numScale[q]!;
      const max = isNext ? this.nextMax[q]! : this.max[q]!;
      const min = isNext ? this.nextMin[q]! : this.min[q]!;
      range += (max - min) / scale;
      deviation += (isNext ? this.nextAbsolute[q]! : this.absolute[q]!) / teams / scale;
    }
    score.range = range;
    score.numeric = range + DEVIATION_WEIGHT * deviation;
  }

  /** The numeric figures of the applied proposal (only the touched teams changed). */
  private evaluateNumeric(score: SearchScore): void {
    if (!this.hasNumeric) return;
    const { n } = this.p;
    const touched = this.touched;
    for (let q = 0; q < this.numSum.length; q++) {
      const sums = this.numSum[q]!;
      const counts = this.numCount[q]!;
      const center = this.numMean[q]!;
      let absolute = this.absolute[q]!;
      let teams = this.teamsWithValues[q]!;
      let max = this.max[q]!;
      let min = this.min[q]!;
      let argMax = this.argMax[q]!;
      let argMin = this.argMin[q]!;
      let isScan = false;
      for (let k = 0; k < touched.length; k++) {
        const t = touched[k]!;
        const before = this.teamMean[q * n + t]!;
        const after = counts[t]! > 0 ? sums[t]! / counts[t]! : Number.NaN;
        this.nextMean[q * 4 + k] = after;
        if (!Number.isNaN(before)) {
          absolute -= before > center ? before - center : center - before;
          teams--;
        }
        if (!Number.isNaN(after)) {
          absolute += after > center ? after - center : center - after;
          teams++;
        }
        if (t === argMax || t === argMin) isScan = true;
      }
      this.nextAbsolute[q] = absolute;
      this.nextTeams[q] = teams;
      if (isScan) {
        this.scanExtremes(q, 1);
        continue;
      }
      for (let k = 0; k < touched.length; k++) {
        const value = this.nextMean[q * 4 + k]!;
        if (Number.isNaN(value)) continue;
        if (value > max) {
          max = value;
          argMax = touched[k]!;
        }
        if (value < min) {
          min = value;
          argMin = touched[k]!;
        }
      }
      this.nextMax[q] = max;
      this.nextMin[q] = min;
      this.nextArgMax[q] = argMax;
      this.nextArgMin[q] = argMin;
    }
    this.combineNumeric(score, true);
  }

  /** Makes the evaluated proposal's numeric figures the kept ones. */
  private keepNumeric(): void {
    if (!this.hasNumeric) return;
    const { n } = this.p;
    for (let q = 0; q < this.numSum.length; q++) {
      for (let k = 0; k < this.touched.length; k++) {
        this.teamMean[q * n + this.touched[k]!] = this.nextMean[q * 4 + k]!;
      }
      this.absolute[q] = this.nextAbsolute[q]!;
      this.teamsWithValues[q] = this.nextTeams[q]!;
      this.max[q] = this.nextMax[q]!;
      this.min[q] = this.nextMin[q]!;
      this.argMax[q] = this.nextArgMax[q]!;
      this.argMin[q] = this.nextArgMin[q]!;
    }
  }

  /** Moves member x from team a to team b, updating counts; the discrete deltas go to `delta`. */
  private moveMember(x: number, a: number, b: number, delta: SearchScore): void {
    const { p } = this;
    const { n } = p;
    this.teamOfMember[x] = b;
    for (let q = 0; q < this.numSum.length; q++) {
      const v = p.numeric[q]!.value[x]!;
      if (Number.isNaN(v)) continue;
      const sums = this.numSum[q]!;
      const counts = this.numCount[q]!;
      sums[a] = sums[a]! - v;
      counts[a] = counts[a]! - 1;
      sums[b] = sums[b]! + v;
      counts[b] = counts[b]! + 1;
    }
    for (let q = 0; q < this.spreadCount.length; q++) {
      const c = p.spread[q]!.code[x]!;
      if (c < 0) continue;
      const counts = this.spreadCount[q]!;
      const from = counts[c * n + a]!;
      const to = counts[c * n + b]!;
      delta.spread += 2 * (to - from) + 2;
      counts[c * n + a] = from - 1;
      counts[c * n + b] = to + 1;
    }
    for (let q = 0; q < this.isoCount.length; q++) {
      const c = p.isolation[q]!.code[x]!;
      if (c < 0) continue;
      const counts = this.isoCount[q]!;
      const from = counts[c * n + a]!;
      const to = counts[c * n + b]!;
      delta.isolation += (from - 1 === 1 ? 1 : 0) - (from === 1 ? 1 : 0);
      delta.isolation += (to + 1 === 1 ? 1 : 0) - (to === 1 ? 1 : 0);
      counts[c * n + a] = from - 1;
      counts[c * n + b] = to + 1;
    }
    for (let r = 0; r < p.rounds; r++) {
      const g = p.groupOf[x * p.rounds + r]!;
      if (g < 0) continue;
      const from = this.groupCount[g * n + a]!;
      const to = this.groupCount[g * n + b]!;
      delta.repeats += to - (from - 1);
      this.groupCount[g * n + a] = from - 1;
      this.groupCount[g * n + b] = to + 1;
    }
  }

  private moveUnit(u: number, b: number, delta: SearchScore): void {
    const { p } = this;
    const a = this.teamOfUnit[u]!;
    for (let k = p.unitStart[u]!; k < p.unitStart[u + 1]!; k++) {
      this.moveMember(p.unitMembers[k]!, a, b, delta);
    }
    this.teamOfUnit[u] = b;
    this.size[a] = this.size[a]! - p.unitSize[u]!;
    this.size[b] = this.size[b]! + p.unitSize[u]!;
    // Swap-remove from a's list, append to b's.
    const listA = this.unitsIn[a]!;
    const last = listA.pop()!;
    if (last !== u) {
      listA[this.slot[u]!] = last;
      this.slot[last] = this.slot[u]!;
    }
    this.slot[u] = this.unitsIn[b]!.length;
    this.unitsIn[b]!.push(u);
  }

  // Whether unit u may join team t while unit `leaving` (or -1) leaves t for u's team.
  private isApartOk(u: number, t: number, leaving: number): boolean {
    const { p } = this;
    for (let k = p.apartStart[u]!; k < p.apartStart[u + 1]!; k++) {
      const v = p.apartAdj[k]!;
      if (v !== leaving && this.teamOfUnit[v] === t) return false;
    }
    return true;
  }

  // --- Search ---------------------------------------------------------------------------------

  private randomUnitIn(t: number, except1: number, except2: number): number {
    const list = this.unitsIn[t]!;
    if (list.length === 0) return -1;
    const u = list[this.prng.below(list.length)]!;
    return u === except1 || u === except2 ? -1 : u;
  }

  // A unit of team B to swap with unit a: half the time the first of a few random ones with the
  // same categories as a (so the swap leaves every count as it was), otherwise any.
  private partnerIn(B: number, a: number, keep: number): number {
    const profile = this.profile[a]!;
    if (profile < 0 || this.prng.below(2) === 0) return this.randomUnitIn(B, a, keep);
    let candidate = -1;
    for (let attempt = 0; attempt < 4; attempt++) {
      candidate = this.randomUnitIn(B, a, keep);
      if (candidate >= 0 && this.profile[candidate] === profile) return candidate;
    }
    return candidate;
  }

  private randomOtherTeam(a: number, b: number): number {
    const { n } = this.p;
    if (b < 0) {
      const t = this.prng.below(n - 1);
      return t >= a ? t + 1 : t;
    }
    if (n < 3) return -1;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    let t = this.prng.below(n - 2);
    if (t >= low) t++;
    if (t >= high) t++;
    return t;
  }

  // A unit to move: often one that is part of a problem (an extreme team, a repeat, an isolated
  // or over-represented member), otherwise any movable unit.
  private pickUnit(): number {
    const { p, prng } = this;
    const { n } = p;
    const mode = prng.below(4);
    if (mode === 1 && this.hasNumeric) {
      const q = prng.below(this.numSum.length);
      const t = prng.below(2) === 0 ? this.argMax[q]! : this.argMin[q]!;
      const u = this.randomUnitIn(t, -1, -1);
      if (u >= 0) return u;
    } else if (
      mode === 2 &&
      (this.score.isolation > this.isolationBound || this.score.spread > 0)
    ) {
      for (let attempt = 0; attempt < 6; attempt++) {
        const x = prng.below(p.m);
        const t = this.teamOfMember[x]!;
        let isProblem = false;
        for (let q = 0; q < this.isoCount.length && !isProblem; q++) {
          const c = p.isolation[q]!.code[x]!;
          if (c >= 0 && this.isoCount[q]![c * n + t] === 1) isProblem = true;
        }
        for (let q = 0; q < this.spreadCount.length && !isProblem; q++) {
          const c = p.spread[q]!.code[x]!;
          if (c >= 0 && this.spreadCount[q]![c * n + t]! > this.spreadCeil[q]![c]!)
            isProblem = true;
        }
        const u = p.unitOfMember[x]!;
        if (isProblem && !p.unitLocked[u]) return u;
      }
    } else if (mode === 3 && this.score.repeats > this.repeatsBound) {
      for (let attempt = 0; attempt < 6; attempt++) {
        const x = prng.below(p.m);
        const t = this.teamOfMember[x]!;
        let isRepeat = false;
        for (let r = 0; r < p.rounds && !isRepeat; r++) {
          const g = p.groupOf[x * p.rounds + r]!;
          if (g >= 0 && this.groupCount[g * n + t]! > 1) isRepeat = true;
        }
        const u = p.unitOfMember[x]!;
        if (isRepeat && !p.unitLocked[u]) return u;
      }
    }
    return this.movable[prng.below(this.movable.length)]!;
  }

  // Unit a to team B. Its keep-apart neighbours in B go the other way (they could not stay), and
  // so do up to three more units (never `keep`) when the sizes need them or when a swap is asked
  // for (`isMove` false): units of B to A (a pair for two single members, say), or of A to B when
  // A got too many back. Applies it (logged for
  // undo) and returns true, or changes nothing when a hard constraint would break.
  private propose(
    a: number,
    B: number,
    isMove: boolean,
    keep: number,
    delta: SearchScore,
  ): boolean {
    const { p } = this;
    const A = this.teamOfUnit[a]!;
    const sa = p.unitSize[a]!;
    const mark = this.log.length;
    const fail = () => {
      this.undoFrom(mark, delta);
      return false;
    };
    for (let k = p.apartStart[a]!; k < p.apartStart[a + 1]!; k++) {
      const v = p.apartAdj[k]!;
      if (this.teamOfUnit[v] !== B) continue;
      if (p.unitLocked[v] || v === keep || !this.isApartOk(v, A, a)) return fail();
      this.logMove(v, A, delta);
    }
    for (let extra = 0; ; extra++) {
      const sizeA = this.size[A]! - sa;
      const sizeB = this.size[B]! + sa;
      const isInRange =
        sizeA >= this.lo && sizeA <= this.hi && sizeB >= this.lo && sizeB <= this.hi;
      if (isInRange && (isMove || this.log.length > mark)) break;
      if (extra === 3) return fail();
      if (sizeA > this.hi) {
        // Too many came back (neighbours, or a large unit): another unit of A goes to B as well.
        const other = this.randomUnitIn(A, a, keep);
        if (other < 0 || this.isLogged(other, mark) || !this.isApartOk(other, B, -1)) {
          return fail();
        }
        this.logMove(other, B, delta);
      } else {
        const other = extra === 0 ? this.partnerIn(B, a, keep) : this.randomUnitIn(B, a, keep);
        if (other < 0 || this.isLogged(other, mark) || !this.isApartOk(other, A, a)) {
          return fail();
        }
        this.logMove(other, A, delta);
      }
    }
    if (!this.isApartOk(a, B, -1)) return fail();
    this.logMove(a, B, delta);
    return true;
  }

  private isLogged(u: number, mark: number): boolean {
    for (let k = mark; k < this.log.length; k += 2) if (this.log[k] === u) return true;
    return false;
  }

  private logMove(u: number, t: number, delta: SearchScore): void {
    const from = this.teamOfUnit[u]!;
    this.log.push(u, from);
    this.touch(from);
    this.touch(t);
    this.moveUnit(u, t, delta);
  }

  private touch(t: number): void {
    if (!this.touched.includes(t)) this.touched.push(t);
  }

  private undo(): void {
    this.undoFrom(0, zeroScore());
  }

  // Takes back the logged moves from position `mark` on, their deltas into `delta` (so a partly
  // built proposal leaves it as it was); the touched list may keep extra teams.
  private undoFrom(mark: number, delta: SearchScore): void {
    for (let k = this.log.length - 2; k >= mark; k -= 2) {
      this.moveUnit(this.log[k]!, this.log[k + 1]!, delta);
    }
    this.log.length = mark;
  }

  // Two members with the same value to one third team (each alone or for one of its units):
  // what forms a pair where single moves would isolate someone on the way.
  private proposePair(delta: SearchScore): boolean {
    const { p, prng } = this;
    if (this.pairTerms.length === 0) return false;
    const term = this.pairTerms[prng.below(this.pairTerms.length)]!;
    if (term.coded.length < 2) return false;
    const x = term.coded[prng.below(term.coded.length)]!;
    const same = term.byCode[term.code[x]!]!;
    const y = same[prng.below(same.length)]!;
    const a = p.unitOfMember[x]!;
    const c = p.unitOfMember[y]!;
    if (a === c || p.unitLocked[a] || p.unitLocked[c]) return false;
    const A = this.teamOfUnit[a]!;
    const C = this.teamOfUnit[c]!;
    if (A === C) return false;
    const B = this.randomOtherTeam(A, C);
    if (B < 0) return false;
    if (!this.propose(a, B, prng.below(2) === 0, c, delta)) return false;
    if (!this.propose(c, B, prng.below(2) === 0, a, delta)) {
      this.undoFrom(0, delta);
      return false;
    }
    return true;
  }

  private step(): void {
    this.steps++;
    this.sinceImproved++;
    this.sinceBest++;
    if (this.sinceImproved > this.stall) {
      this.kick();
      return;
    }
    const delta = this.delta;
    delta.isolation = 0;
    delta.spread = 0;
    delta.repeats = 0;
    this.log.length = 0;
    this.touched.length = 0;
    const isPair =
      this.pairTerms.length > 0 &&
      (this.score.isolation > this.isolationBound || this.score.spread > 0) &&
      this.prng.below(4) === 0;
    if (isPair) {
      if (!this.proposePair(delta)) return;
    } else {
      const a = this.pickUnit();
      const B = this.randomOtherTeam(this.teamOfUnit[a]!, -1);
      if (!this.propose(a, B, this.prng.below(2) === 0, -1, delta)) return;
    }
    const next = this.next;
    next.isolation = this.score.isolation + delta.isolation;
    next.spread = this.score.spread + delta.spread;
    next.repeats = this.score.repeats + delta.repeats;
    next.range = this.score.range;
    next.numeric = this.score.numeric;
    const discrete = compareDiscrete(next, this.score);
    if (discrete > 0) {
      this.undo();
      return;
    }
    this.evaluateNumeric(next);
    if (discrete === 0 && next.numeric > this.score.numeric + EPSILON) {
      this.undo();
      return;
    }
    if (discrete < 0 || next.numeric < this.score.numeric - EPSILON) this.sinceImproved = 0;
    this.keepNumeric();
    Object.assign(this.score, next);
    if (compareScores(next, this.best) < 0) {
      Object.assign(this.best, next);
      this.bestTeamOfUnit.set(this.teamOfUnit);
      this.sinceBest = 0;
      this.checkOptimal();
    }
  }

  // Back to the best split, then a few random valid moves and swaps whatever they cost.
  private kick(): void {
    this.teamOfUnit.set(this.bestTeamOfUnit);
    this.rebuild();
    const sink = zeroScore();
    this.kicks++;
    const short = 1 + this.prng.below(3);
    // On a small input every third kick moves half its units, out of a local optimum that a few
    // moves lead back into (on larger ones, such kicks cost more steps than they find).
    const units = this.movable.length;
    const isLong = units <= 2 * LONG_KICK_MOVES && this.kicks % LONG_KICK_EVERY === 0;
    const moves = isLong ? Math.max(3, units >> 1) : short;
    for (let k = 0; k < moves; k++) {
      this.log.length = 0;
      this.touched.length = 0;
      const a = this.movable[this.prng.below(this.movable.length)]!;
      this.propose(a, this.randomOtherTeam(this.teamOfUnit[a]!, -1), true, -1, sink);
    }
    this.score = this.rebuild();
    this.sinceImproved = 0;
  }

  private checkOptimal(): void {
    if (this.stoppedBy !== null || this.hasNumeric) return;
    const b = this.best;
    if (b.isolation <= this.isolationBound && b.spread === 0 && b.repeats <= this.repeatsBound) {
      this.stoppedBy = 'optimal';
    }
  }
}

function zeroScore(): SearchScore {
  return { isolation: 0, spread: 0, repeats: 0, range: 0, numeric: 0 };
}
