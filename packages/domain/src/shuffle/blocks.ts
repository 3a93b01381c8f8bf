// Blocks: members that must share a team. Fixed pairs and locked teams are merged with a
// union-find, so constraints that share a member become one block; every other member is a block
// of one. Keep-apart pairs become edges between blocks. Then the refusals that follow from the
// blocks alone (README.md, "Refusals").
import { appError } from '../errors.ts';
import type { ConstraintRef, FormTeamsInput, ShuffleMember } from './types.ts';

// Typed-array reads use `!` where the index is in range by construction.

/** The blocks of an input and the keep-apart edges between them. */
export type Blocks = {
  /** Number of blocks. */
  count: number;
  /** Block of each member (by input index). */
  blockOf: Int32Array;
  /** Members of block b are `members[start[b]..start[b+1])`, in input order. */
  start: Int32Array;
  members: Int32Array;
  /** 1 when the block holds at least one locked team. */
  isLocked: Uint8Array;
  /** Fixed pairs and locked teams merged into each block (undefined for plain members). */
  refs: (ConstraintRef[] | undefined)[];
  /** Distinct keep-apart edges between blocks, as pairs [a0, b0, a1, b1, ...] with a < b. */
  edges: Int32Array;
};

/** Block size. */
export function blockSize(blocks: Blocks, block: number): number {
  return blocks.start[block + 1]! - blocks.start[block]!;
}

// "Ann", "Ann and Ben", "Ann, Ben and Cy", "Ann, Ben, Cy and 4 others".
function listNames(names: readonly string[], size: number): string {
  if (size > 4) return `${names.slice(0, 3).join(', ')} and ${size - 3} others`;
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** How a message names a block: "The locked team of Ann, Ben and Cy", "The group of ...". */
export function describeBlock(
  blocks: Blocks,
  block: number,
  members: readonly ShuffleMember[],
): string {
  const from = blocks.start[block]!;
  const size = blockSize(blocks, block);
  const names: string[] = [];
  for (let k = from; k < from + Math.min(size, 4); k++) {
    names.push(members[blocks.members[k]!]?.name ?? '');
  }
  const listed = listNames(names, size);
  const refs = blocks.refs[block] ?? [];
  const pairs = refs.filter((ref) => ref.kind === 'fixedPair').length;
  const locked = refs.length - pairs;
  if (locked === 1 && pairs === 0) return `The locked team of ${listed}`;
  if (locked === 0 && pairs === 1) return `The fixed pair of ${listed}`;
  const parts = [];
  if (pairs > 0) parts.push(pairs === 1 ? '1 fixed pair' : `${pairs} fixed pairs`);
  if (locked > 0) parts.push(locked === 1 ? '1 locked team' : `${locked} locked teams`);
  return parts.length === 0 ? listed : `The group of ${listed} (joined by ${parts.join(' and ')})`;
}

// `indexOf` maps member ids to input indices (from checkReferences); `n` is the team count.
/** Merges a checked input's constraints into blocks; refuses what the blocks make impossible. */
export function buildBlocks(
  input: FormTeamsInput,
  indexOf: ReadonlyMap<string, number>,
  n: number,
): Blocks {
  const m = input.members.length;
  const parent = new Int32Array(m);
  const rank = new Uint8Array(m);
  for (let i = 0; i < m; i++) parent[i] = i;
  const find = (x: number): number => {
    let node = x;
    while (parent[node] !== node) {
      const up = parent[node] ?? node;
      parent[node] = parent[up] ?? up; // path halving
      node = parent[node] ?? node;
    }
    return node;
  };
  const union = (x: number, y: number) => {
    let a = find(x);
    let b = find(y);
    if (a === b) return;
    if ((rank[a] ?? 0) < (rank[b] ?? 0)) [a, b] = [b, a];
    parent[b] = a;
    if (rank[a] === rank[b]) rank[a] = (rank[a] ?? 0) + 1;
  };
  const idx = (id: string) => indexOf.get(id) ?? 0;
  const fixedPairs = input.fixedPairs ?? [];
  const lockedTeams = input.lockedTeams ?? [];
  const keepApart = input.keepApart ?? [];

  // Fixed pairs and locked teams that share a member end up in one block (the rule).
  for (const constraint of [...fixedPairs, ...lockedTeams]) {
    const first = idx(constraint.memberIds[0] ?? '');
    for (const id of constraint.memberIds) union(first, idx(id));
  }

  // Number the blocks in input order of their first member, and list members block by block.
  const blockOf = new Int32Array(m);
  const blockOfRoot = new Int32Array(m).fill(-1);
  let count = 0;
  for (let i = 0; i < m; i++) {
    const root = find(i);
    let block = blockOfRoot[root] ?? -1;
    if (block < 0) {
      block = count++;
      blockOfRoot[root] = block;
    }
    blockOf[i] = block;
  }
  const start = new Int32Array(count + 1);
  for (let i = 0; i < m; i++) start[(blockOf[i] ?? 0) + 1]! += 1;
  for (let b = 0; b < count; b++) start[b + 1]! += start[b] ?? 0;
  const fill = start.slice(0, count);
  const members = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    const block = blockOf[i] ?? 0;
    members[fill[block]!++] = i;
  }

  const isLocked = new Uint8Array(count);
  const refs: (ConstraintRef[] | undefined)[] = [];
  const addRef = (block: number, ref: ConstraintRef) => {
    (refs[block] ??= []).push(ref);
  };
  for (const pair of fixedPairs) {
    addRef(blockOf[idx(pair.memberIds[0] ?? '')] ?? 0, {
      kind: 'fixedPair',
      constraintId: pair.id,
    });
  }
  for (const locked of lockedTeams) {
    const block = blockOf[idx(locked.memberIds[0] ?? '')] ?? 0;
    isLocked[block] = 1;
    addRef(block, { kind: 'lockedTeam', constraintId: locked.id });
  }
  const blocks: Blocks = {
    count,
    blockOf,
    start,
    members,
    isLocked,
    refs,
    edges: new Int32Array(),
  };
  const nameAt = (i: number) => input.members[i]?.name ?? '';

  // Refusals, cheapest and most specific first (README.md, "Refusals").
  const edgeKeys = new Set<number>();
  const edges: number[] = [];
  for (const [k, pair] of keepApart.entries()) {
    const a = idx(pair.memberIds[0] ?? '');
    const b = idx(pair.memberIds[1] ?? '');
    const blockA = blockOf[a] ?? 0;
    const blockB = blockOf[b] ?? 0;
    if (blockA === blockB) {
      throw appError(
        'keep_apart_conflict',
        { a: nameAt(a), b: nameAt(b) },
        { field: `keepApart.${k}` },
      );
    }
    const low = Math.min(blockA, blockB);
    const high = Math.max(blockA, blockB);
    const key = low * count + high;
    if (!edgeKeys.has(key)) {
      edgeKeys.add(key);
      edges.push(low, high);
    }
  }
  blocks.edges = Int32Array.from(edges);

  let lockedCount = 0;
  for (let b = 0; b < count; b++) lockedCount += isLocked[b] ?? 0;
  // A locked team is a team that is locked: distinct locked blocks need distinct teams.
  if (lockedCount > n) {
    throw appError('too_many_locked_teams', { count: lockedCount, n }, { field: 'lockedTeams' });
  }

  // Every team gets at least one member, so a block may take at most m - (n - 1) of them.
  let largest = 0;
  for (let b = 1; b < count; b++)
    if (blockSize(blocks, b) > blockSize(blocks, largest)) largest = b;
  const max = m - (n - 1);
  if (blockSize(blocks, largest) > max) {
    const group = describeBlock(blocks, largest, input.members);
    const size = blockSize(blocks, largest);
    const field = isLocked[largest] ? 'lockedTeams' : 'fixedPairs';
    throw appError('block_too_large', { group, size, m, n, max }, { field });
  }
  if (count < n) {
    throw appError('too_few_groups', { n, m, groups: count }, { field: 'teamCount' });
  }
  return blocks;
}
