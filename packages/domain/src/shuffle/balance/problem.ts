// A balancing problem compiled into typed arrays: the units that move (blocks of fixed pairs and
// locked teams, or single members), the keep-apart edges between units, the attribute values the
// objectives read, and the earlier rounds as groups. Everything the search touches per step is an
// index into these arrays, so one step costs O(attributes + rounds) per member moved.
import { type Blocks, blockSize, buildBlocks } from '../blocks.ts';
import { checkReferences } from '../validate.ts';
import type { AttributeDefinition, BalanceProblemInput } from './types.ts';

// Typed-array reads use `!` where the index is in range by construction.

/** One numeric objective: each member's value (NaN when missing). */
export type NumericTerm = { key: string; value: Float64Array };

/** One categorical attribute: each member's value code (-1 when missing) and the value names. */
export type CategoryTerm = {
  key: string;
  code: Int32Array;
  values: string[];
  /** Members holding each value. */
  totals: Int32Array;
};

/** The compiled problem the search and the figures work on. */
export type Problem = {
  m: number;
  n: number;
  ids: readonly string[];
  indexOf: ReadonlyMap<string, number>;
  /** Members of unit u: `unitMembers[unitStart[u]..unitStart[u+1])`. */
  unitCount: number;
  unitStart: Int32Array;
  unitMembers: Int32Array;
  unitSize: Int32Array;
  /** Locked units never move: each anchors its own team. */
  unitLocked: Uint8Array;
  unitOfMember: Int32Array;
  /** Keep-apart neighbours of unit u: `apartAdj[apartStart[u]..apartStart[u+1])`. */
  apartStart: Int32Array;
  apartAdj: Int32Array;
  numeric: NumericTerm[];
  spread: CategoryTerm[];
  /** Marked values only: `values` are the marked ones, other values code -1. */
  isolation: CategoryTerm[];
  /** Earlier rounds: member x was in earlier group `groupOf[x * rounds + r]` (-1: not there). */
  rounds: number;
  groupCount: number;
  groupOf: Int32Array;
  /** Teams of each round as sizes over current members (for the repeats bound). */
  roundSizes: number[][];
};

/** A text value as categories compare it: numbers in decimal, text trimmed; '' means none. */
export function categoryText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value.trim();
  return '';
}

/** A numeric value, or NaN when the member has none (text in a numeric column counts as none). */
export function numericValue(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN;
}

function unique(keys: readonly string[] | undefined): string[] {
  return [...new Set(keys ?? [])];
}

function kindOf(attributes: readonly AttributeDefinition[] | undefined) {
  const kinds = new Map<string, AttributeDefinition['kind']>();
  for (const attribute of attributes ?? []) kinds.set(attribute.key, attribute.kind);
  return kinds;
}

function categoryTerm(
  input: BalanceProblemInput,
  key: string,
  marked: ReadonlySet<string> | null,
): CategoryTerm {
  const m = input.members.length;
  const code = new Int32Array(m).fill(-1);
  const codeOf = new Map<string, number>();
  const values: string[] = [];
  for (let i = 0; i < m; i++) {
    const text = categoryText(input.members[i]!.attributes?.[key]);
    if (text === '' || (marked && !marked.has(text))) continue;
    let c = codeOf.get(text);
    if (c === undefined) {
      c = values.length;
      codeOf.set(text, c);
      values.push(text);
    }
    code[i] = c;
  }
  const totals = new Int32Array(values.length);
  for (let i = 0; i < m; i++) if (code[i]! >= 0) totals[code[i]!] = totals[code[i]!]! + 1;
  return { key, code, values, totals };
}

function numericTerm(input: BalanceProblemInput, key: string): NumericTerm {
  const m = input.members.length;
  const value = new Float64Array(m);
  for (let i = 0; i < m; i++) value[i] = numericValue(input.members[i]!.attributes?.[key]);
  return { key, value };
}

/**
 * Compiles members, constraints and options for `n` teams. Options naming an attribute of the
 * other kind, or one nobody has, are left out; ids in earlier rounds that are not members are
 * ignored. Throws the engine's AppError for malformed constraints.
 */
export function compileProblem(input: BalanceProblemInput, n: number): Problem {
  const { problems, indexOf } = checkReferences(input, true);
  if (problems[0]) throw problems[0].error;
  const m = input.members.length;
  const blocks: Blocks = buildBlocks({ ...input, teamCount: n, seed: '0' }, indexOf, n);
  const unitCount = blocks.count;
  const unitSize = new Int32Array(unitCount);
  for (let b = 0; b < unitCount; b++) unitSize[b] = blockSize(blocks, b);

  const degree = new Int32Array(unitCount + 1);
  const { edges } = blocks;
  for (let k = 0; k < edges.length; k++) degree[edges[k]! + 1] = degree[edges[k]! + 1]! + 1;
  for (let u = 0; u < unitCount; u++) degree[u + 1] = degree[u + 1]! + degree[u]!;
  const apartStart = degree;
  const fill = apartStart.slice(0, unitCount);
  const apartAdj = new Int32Array(edges.length);
  for (let k = 0; k < edges.length; k += 2) {
    const a = edges[k]!;
    const b = edges[k + 1]!;
    apartAdj[fill[a]!++] = b;
    apartAdj[fill[b]!++] = a;
  }

  const options = input.balance ?? {};
  const kinds = kindOf(input.attributes);
  const allows = (key: string, kind: AttributeDefinition['kind']) =>
    input.attributes === undefined || kinds.get(key) === kind;
  const numeric = unique(options.numeric)
    .filter((key) => allows(key, 'numeric'))
    .map((key) => numericTerm(input, key));
  const spread = unique(options.spread)
    .filter((key) => allows(key, 'categorical'))
    .map((key) => categoryTerm(input, key, null));
  const marks = new Map<string, Set<string>>();
  for (const rule of options.noIsolation ?? []) {
    if (!allows(rule.key, 'categorical')) continue;
    const set = marks.get(rule.key) ?? new Set<string>();
    for (const value of rule.values) if (categoryText(value) !== '') set.add(categoryText(value));
    marks.set(rule.key, set);
  }
  const isolation = [...marks]
    .filter(([, values]) => values.size > 0)
    .map(([key, values]) => categoryTerm(input, key, values));

  // Earlier rounds: a group per earlier team with at least two current members.
  const roundList = options.earlierRounds ?? [];
  const rounds = roundList.length;
  const groupOf = new Int32Array(m * rounds).fill(-1);
  const roundSizes: number[][] = [];
  let groupCount = 0;
  roundList.forEach((round, r) => {
    const seen = new Uint8Array(m);
    const sizes: number[] = [];
    for (const team of round) {
      const members: number[] = [];
      for (const id of team) {
        const i = indexOf.get(id);
        if (i === undefined || seen[i]) continue; // a member is in one team of a round
        seen[i] = 1;
        members.push(i);
      }
      if (members.length === 0) continue;
      sizes.push(members.length);
      if (members.length < 2) continue;
      for (const i of members) groupOf[i * rounds + r] = groupCount;
      groupCount++;
    }
    roundSizes.push(sizes);
  });

  return {
    m,
    n,
    ids: input.members.map((member) => member.id),
    indexOf,
    unitCount,
    unitStart: blocks.start,
    unitMembers: blocks.members,
    unitSize,
    unitLocked: blocks.isLocked,
    unitOfMember: blocks.blockOf,
    apartStart,
    apartAdj,
    numeric,
    spread,
    isolation,
    rounds,
    groupCount,
    groupOf,
    roundSizes,
  };
}

/** Whether any objective is on: without one, balancing keeps the plain draw. */
export function hasObjectives(problem: Problem): boolean {
  return (
    problem.numeric.length > 0 ||
    problem.spread.length > 0 ||
    problem.isolation.length > 0 ||
    problem.groupCount > 0
  );
}

/** Smallest sum of squared counts of a value with `total` members over n teams (fair share). */
export function fairSquares(total: number, n: number): number {
  const q = Math.floor(total / n);
  const r = total - q * n;
  return r * (q + 1) * (q + 1) + (n - r) * q * q;
}

// Pigeonhole: an earlier team of s members split over n teams puts at least
// r * C(q + 1, 2) + (n - r) * C(q, 2) of its pairs together again (q = floor(s / n)). Teams of
// one round share no pair, so a round's bound is the sum over its teams; each round's pairs are
// counted separately, so the bounds of the rounds add up.
/** A lower bound of repeats: each earlier team dealt over the n teams as evenly as possible. */
export function repeatsLowerBound(roundSizes: readonly (readonly number[])[], n: number): number {
  let bound = 0;
  for (const sizes of roundSizes) {
    for (const s of sizes) {
      const q = Math.floor(s / n);
      const r = s - q * n;
      bound += (r * (q + 1) * q) / 2 + ((n - r) * q * (q - 1)) / 2;
    }
  }
  return bound;
}
