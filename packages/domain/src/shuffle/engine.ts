// formTeams: checks the input, merges constraints into blocks, places the blocks, deals the
// remaining members with Fisher-Yates, numbers the teams at random and writes the report.
// Pure and deterministic: all randomness comes from the seeded PRNG (README.md in this folder).
import { TEAM_COUNT_MAX, TEAM_COUNT_MIN } from '../constants.ts';
import { appError } from '../errors.ts';
import { type Blocks, blockSize, buildBlocks, describeBlock } from './blocks.ts';
import { balanceOf, fillSizes, type PlacementProblem, placeUnits } from './placement.ts';
import { createPrng, normalizeSeed, type Prng, shuffleInPlace } from './prng.ts';
import type {
  ConstraintRef,
  FormTeamsInput,
  FormTeamsResult,
  MemberPlacement,
  ShuffleBalance,
  TeamBlock,
} from './types.ts';
import { checkReferences } from './validate.ts';

// Typed-array reads use `!` where the index is in range by construction.

// Guarantees: every member in exactly one team; fixed pairs and locked teams together, keep-apart
// pairs apart; sizes as even as the constraints allow; the same teams for the same input and seed.
// Throws an AppError when the input is malformed (400) or no split can satisfy it (422).
/** Forms `teamCount` random teams from the members under the constraints, replayable by seed. */
export function formTeams(input: FormTeamsInput): FormTeamsResult {
  const n = input.teamCount;
  // spec part 1, section 5: 2 to 10 teams (callers map form input with teamCountFrom first)
  if (!Number.isInteger(n) || n < TEAM_COUNT_MIN || n > TEAM_COUNT_MAX) {
    throw appError('invalid_team_count', undefined, { field: 'teamCount' });
  }
  const { problems, indexOf } = checkReferences(input, true);
  if (problems[0]) throw problems[0].error;
  const seed = normalizeSeed(input.seed);
  const m = input.members.length;
  // spec part 1, section 5: shuffle is blocked with no members; n teams need n members
  if (m === 0) throw appError('no_members', undefined, { field: 'members' });
  if (n > m) throw appError('too_few_members', { n, m }, { field: 'teamCount' });

  const blocks = buildBlocks(input, indexOf, n);
  const prng = createPrng(seed);
  const { problem, unitBlocks, isFree } = placementProblem(blocks, n, m);
  const placement = placeUnits(problem, prng);
  const sizes = fillSizes(placement.load, placement.lo, placement.hi, problem.free, prng);

  const teamOfBlock = new Int8Array(blocks.count).fill(-1);
  unitBlocks.forEach((block, unit) => (teamOfBlock[block] = placement.team[unit]!));
  // Team numbers at random, so no team number is favoured by the order of placement.
  const numberOf = shuffleInPlace(
    Array.from({ length: n }, (_, j) => j + 1),
    prng,
  );
  const teams = arrangeTeams(blocks, teamOfBlock, isFree, sizes, placement.load, input, prng).map(
    (memberIds, j) => ({ number: numberOf[j]!, memberIds }),
  );
  teams.sort((a, b) => a.number - b.number);

  const teamSizes = teams.map((team) => team.memberIds.length);
  const spread = Math.max(...teamSizes) - Math.min(...teamSizes);
  const balance = balanceOf(spread, placement.isProven);
  return {
    teams,
    seed,
    report: {
      sizes: teamSizes,
      isEven: spread <= 1,
      balance,
      unevenReason: unevenReason(balance, blocks, input, m, n),
      blocks: reportBlocks(blocks, teamOfBlock, numberOf, input),
      placements: reportPlacements(blocks, teamOfBlock, numberOf, input, indexOf),
    },
  };
}

// Units are the blocks that are not plain members: more than one member, a locked team, or a
// keep-apart pair. Locked blocks are joined pairwise by edges, so each gets its own team.
function placementProblem(blocks: Blocks, n: number, m: number) {
  const degree = new Int32Array(blocks.count);
  const { edges } = blocks;
  for (let k = 0; k < edges.length; k++) degree[edges[k]!] = degree[edges[k]!]! + 1;
  const unitOf = new Int32Array(blocks.count).fill(-1);
  const unitBlocks: number[] = [];
  const isFree = new Uint8Array(blocks.count);
  const top: number[] = []; // the n largest block sizes, largest first
  let free = 0;
  for (let b = 0; b < blocks.count; b++) {
    const size = blockSize(blocks, b);
    if (top.length < n || size > top[top.length - 1]!) {
      let k = Math.min(top.length, n - 1);
      top[k] = size;
      while (k > 0 && top[k - 1]! < size) {
        top[k] = top[k - 1]!;
        top[--k] = size;
      }
    }
    if (size > 1 || blocks.isLocked[b] || degree[b]! > 0) {
      unitOf[b] = unitBlocks.length;
      unitBlocks.push(b);
    } else {
      isFree[b] = 1;
      free++;
    }
  }
  const units = unitBlocks.length;
  const lockedUnits = unitBlocks.map((b, u) => (blocks.isLocked[b] ? u : -1)).filter((u) => u >= 0);
  const pairs: number[] = [];
  for (let k = 0; k < edges.length; k += 2) pairs.push(unitOf[edges[k]!]!, unitOf[edges[k + 1]!]!);
  for (let x = 0; x < lockedUnits.length; x++) {
    for (let y = x + 1; y < lockedUnits.length; y++) pairs.push(lockedUnits[x]!, lockedUnits[y]!);
  }
  const adjStart = new Int32Array(units + 1);
  for (const u of pairs) adjStart[u + 1] = adjStart[u + 1]! + 1;
  for (let u = 0; u < units; u++) adjStart[u + 1] = adjStart[u + 1]! + adjStart[u]!;
  const fill = adjStart.slice(0, units);
  const adj = new Int32Array(pairs.length);
  for (let k = 0; k < pairs.length; k += 2) {
    const a = pairs[k]!;
    const b = pairs[k + 1]!;
    adj[fill[a]!++] = b;
    adj[fill[b]!++] = a;
  }
  const size = new Int32Array(units);
  const locked = new Uint8Array(units);
  unitBlocks.forEach((b, u) => {
    size[u] = blockSize(blocks, b);
    locked[u] = blocks.isLocked[b]!;
  });
  const problem: PlacementProblem = { n, m, size, locked, adjStart, adj, free, topSizes: top };
  return { problem, unitBlocks, isFree };
}

// Member ids of each team (by internal index). Free members are shuffled with Fisher-Yates and
// dealt out by the room left in each team. Order inside a team: the locked block first (the
// team's core), then the other blocks in random order (each block's members together, in input
// order), then the free members in their shuffled order.
function arrangeTeams(
  blocks: Blocks,
  teamOfBlock: Int8Array,
  isFree: Uint8Array,
  sizes: Int32Array,
  load: Int32Array,
  input: FormTeamsInput,
  prng: Prng,
): string[][] {
  const n = sizes.length;
  const { start, members } = blocks;
  const lockedBlock = new Int32Array(n).fill(-1);
  const others: number[][] = Array.from({ length: n }, () => []);
  let freeCount = 0;
  for (let b = 0; b < blocks.count; b++) {
    if (isFree[b]) freeCount++;
    else if (blocks.isLocked[b]) lockedBlock[teamOfBlock[b]!] = b;
    else others[teamOfBlock[b]!]!.push(b);
  }
  const free = new Int32Array(freeCount);
  for (let b = 0, k = 0; b < blocks.count; b++) if (isFree[b]) free[k++] = members[start[b]!]!;
  shuffleInPlace(free, prng);
  let next = 0;
  return others.map((list, j) => {
    const memberIds: string[] = [];
    const add = (b: number) => {
      for (let k = start[b]!; k < start[b + 1]!; k++)
        memberIds.push(input.members[members[k]!]!.id);
    };
    if (lockedBlock[j]! >= 0) add(lockedBlock[j]!);
    for (const b of shuffleInPlace(list, prng)) add(b);
    const end = next + sizes[j]! - load[j]!;
    for (; next < end; next++) memberIds.push(input.members[free[next]!]!.id);
    return memberIds;
  });
}

function reportBlocks(
  blocks: Blocks,
  teamOfBlock: Int8Array,
  numberOf: number[],
  input: FormTeamsInput,
): TeamBlock[] {
  const result: TeamBlock[] = [];
  for (let b = 0; b < blocks.count; b++) {
    const isLocked = blocks.isLocked[b] === 1;
    if (blockSize(blocks, b) < 2 && !isLocked) continue;
    const memberIds: string[] = [];
    for (let k = blocks.start[b]!; k < blocks.start[b + 1]!; k++) {
      memberIds.push(input.members[blocks.members[k]!]!.id);
    }
    const constraints = blocks.refs[b] ?? [];
    result.push({ teamNumber: numberOf[teamOfBlock[b]!]!, memberIds, constraints, isLocked });
  }
  return result;
}

function reportPlacements(
  blocks: Blocks,
  teamOfBlock: Int8Array,
  numberOf: number[],
  input: FormTeamsInput,
  indexOf: ReadonlyMap<string, number>,
): MemberPlacement[] {
  // Every (member, constraint) mention, then grouped by member in input order (counting sort).
  const mentionMember: number[] = [];
  const mentionRef: ConstraintRef[] = [];
  const note = (kind: ConstraintRef['kind'], list: FormTeamsInput['fixedPairs']) => {
    for (const constraint of list ?? []) {
      for (const id of constraint.memberIds) {
        mentionMember.push(indexOf.get(id)!);
        mentionRef.push({ kind, constraintId: constraint.id });
      }
    }
  };
  note('fixedPair', input.fixedPairs);
  note('lockedTeam', input.lockedTeams);
  note('keepApart', input.keepApart);
  const m = input.members.length;
  const start = new Int32Array(m + 1);
  for (const i of mentionMember) start[i + 1] = start[i + 1]! + 1;
  for (let i = 0; i < m; i++) start[i + 1] = start[i + 1]! + start[i]!;
  const fill = start.slice(0, m);
  const grouped = new Array<ConstraintRef>(mentionRef.length);
  mentionMember.forEach((i, k) => (grouped[fill[i]!++] = mentionRef[k]!));
  const result: MemberPlacement[] = [];
  for (let i = 0; i < m; i++) {
    if (start[i] === start[i + 1]) continue;
    result.push({
      memberId: input.members[i]!.id,
      teamNumber: numberOf[teamOfBlock[blocks.blockOf[i]!]!]!,
      constraints: grouped.slice(start[i], start[i + 1]),
    });
  }
  return result;
}

// Why the sizes differ by more than one (null when they do not), in words for the user.
function unevenReason(
  balance: ShuffleBalance,
  blocks: Blocks,
  input: FormTeamsInput,
  m: number,
  n: number,
): string | null {
  if (balance === 'even') return null;
  const evenSize = Math.ceil(m / n); // spec part 1, section 9: base size plus remainder one each
  const big: number[] = [];
  for (let b = 0; b < blocks.count; b++) if (blockSize(blocks, b) > evenSize) big.push(b);
  big.sort((a, b) => blockSize(blocks, b) - blockSize(blocks, a));
  let reason: string;
  if (big.length > 0) {
    const parts = big
      .slice(0, 3)
      .map(
        (b) =>
          `${describeBlock(blocks, b, input.members)} has ${blockSize(blocks, b)} members, more than the even team size of ${evenSize}`,
      );
    if (big.length > 3) parts.push(`${big.length - 3} more groups are too large as well`);
    reason = `${parts.join('; ')}, so team sizes cannot differ by at most one.`;
  } else {
    const kinds = [
      (input.fixedPairs ?? []).length > 0 ? 'fixed pairs' : '',
      (input.lockedTeams ?? []).length > 0 ? 'locked teams' : '',
      (input.keepApart ?? []).length > 0 ? 'keep-apart pairs' : '',
    ].filter(Boolean);
    const named =
      kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : kinds[0];
    const text = `${named ?? 'the constraints'} leave no way to make team sizes differ by at most one.`;
    reason = text.charAt(0).toUpperCase() + text.slice(1);
  }
  return balance === 'most-even'
    ? `${reason} These are the most even sizes possible.`
    : `${reason} These are the most even sizes found.`;
}
