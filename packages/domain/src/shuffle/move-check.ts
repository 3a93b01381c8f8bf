// Moving one member to another team by hand, before the teams are saved (issue 24, "Before
// saving"). Pure: what a move would break, checked before it is made, and the teams and
// constraints after it. The rules are the engine's (README.md in this folder): fixed pairs and
// locked teams stay whole, separate locked teams go to different teams, keep-apart pairs are
// apart, and team sizes differ by at most one where the constraints allow it (spec part 1,
// section 9). A move may still be made when it breaks one of them; the constraints it breaks are
// then taken out of the list (a pair is removed, the member leaves the locked team), so the
// saved snapshot keeps only constraints its teams honour (`snapshotProblems` still holds) and is
// saved as adjusted by hand instead of as the draw of its seed.
import type { MemberConstraint } from './types.ts';

/** One team of an arrangement: numbered from 1, members by id. */
export type ArrangedTeam = { number: number; memberIds: readonly string[] };

/**
 * Teams and the constraints they were formed under (a draft's or a snapshot's); `P` is the type
 * of a pair (fixed or keep-apart), `L` of a locked team.
 */
export type Arrangement<
  P extends MemberConstraint = MemberConstraint,
  L extends MemberConstraint = MemberConstraint,
> = {
  groups: readonly ArrangedTeam[];
  fixedPairs: readonly P[];
  lockedTeams: readonly L[];
  keepApart: readonly P[];
};

/** Something a move breaks, named so the interface can say it before the move is made. */
export type MoveBreak =
  /** The moved member leaves their fixed-pair partner behind (the pair is removed). */
  | { kind: 'fixedPairSplit'; constraintId: string; partnerId: string }
  /** The moved member leaves others of their locked team behind (they leave the locked team). */
  | { kind: 'lockedTeamSplit'; constraintId: string; otherIds: string[] }
  /**
   * The moved member, of a locked team, lands with another locked team; separate locked teams go
   * to different teams (they leave their locked team).
   */
  | {
      kind: 'lockedTeamsJoined';
      constraintId: string;
      otherConstraintId: string;
      otherIds: string[];
    }
  /** The moved member lands with someone they are kept apart from (the pair is removed). */
  | { kind: 'keepApartJoined'; constraintId: string; partnerId: string }
  /** Team sizes would differ by more than one, and by more than they do now. */
  | { kind: 'uneven'; spreadBefore: number; spreadAfter: number };

/** The kinds of `MoveBreak`. */
export type MoveBreakKind = MoveBreak['kind'];

/** Why a move cannot be made at all. */
export type MoveRefusal = 'unknownMember' | 'unknownTeam' | 'sameTeam' | 'emptiesTeam';

/** What moving `memberId` from team `from` to team `to` would do. */
export type MoveCheck =
  | { ok: true; memberId: string; from: number; to: number; breaks: MoveBreak[] }
  | { ok: false; memberId: string; from: number | null; to: number; reason: MoveRefusal };

/** Largest minus smallest team size (0 without teams). */
export function sizeSpread(sizes: readonly number[]): number {
  if (sizes.length === 0) return 0;
  let low = Infinity;
  let high = -Infinity;
  for (const size of sizes) {
    if (size < low) low = size;
    if (size > high) high = size;
  }
  return high - low;
}

/**
 * A checker for one arrangement: indexes are built once (linear in members and constraints), so
 * each check costs only the constraints that name the moved member plus the number of teams
 * (a menu checks every other team; a drag checks each team it passes over).
 */
export function moveChecker(arrangement: Arrangement): (memberId: string, to: number) => MoveCheck {
  const teamOf = new Map<string, number>();
  const sizeOf = new Map<number, number>();
  for (const group of arrangement.groups) {
    sizeOf.set(group.number, group.memberIds.length);
    for (const id of group.memberIds) teamOf.set(id, group.number);
  }
  const sizes = arrangement.groups.map((group) => group.memberIds.length);
  const spreadBefore = sizeSpread(sizes);

  const byMember = (list: readonly MemberConstraint[]) => {
    const index = new Map<string, MemberConstraint[]>();
    for (const constraint of list) {
      for (const id of new Set(constraint.memberIds)) {
        const known = index.get(id);
        if (known) known.push(constraint);
        else index.set(id, [constraint]);
      }
    }
    return index;
  };
  const pairsOf = byMember(arrangement.fixedPairs);
  const lockedOf = byMember(arrangement.lockedTeams);
  const apartOf = byMember(arrangement.keepApart);

  // The engine's blocks (README.md, "Blocks"): fixed pairs and locked teams that share members
  // are one block; two locked teams of one block may share a team, of different blocks may not.
  // Built on the first check that needs it (a move of a member of a locked team).
  let blockOf: ((id: string) => string) | null = null;
  const blocks = () =>
    (blockOf ??= blockRoots([...arrangement.fixedPairs, ...arrangement.lockedTeams]));

  return (memberId, to) => {
    const from = teamOf.get(memberId);
    if (from === undefined) return { ok: false, memberId, from: null, to, reason: 'unknownMember' };
    if (!sizeOf.has(to)) return { ok: false, memberId, from, to, reason: 'unknownTeam' };
    if (from === to) return { ok: false, memberId, from, to, reason: 'sameTeam' };
    // The engine never leaves a team empty (README.md, "No empty team"); a move does not either.
    if (sizeOf.get(from)! <= 1) return { ok: false, memberId, from, to, reason: 'emptiesTeam' };

    const breaks: MoveBreak[] = [];
    for (const pair of pairsOf.get(memberId) ?? []) {
      const partnerId = pair.memberIds.find((id) => id !== memberId);
      if (partnerId !== undefined && teamOf.get(partnerId) === from) {
        breaks.push({ kind: 'fixedPairSplit', constraintId: pair.id, partnerId });
      }
    }
    const ownLocked = lockedOf.get(memberId) ?? [];
    for (const locked of ownLocked) {
      const otherIds = locked.memberIds.filter((id) => id !== memberId && teamOf.get(id) === from);
      if (otherIds.length > 0) {
        breaks.push({ kind: 'lockedTeamSplit', constraintId: locked.id, otherIds });
      }
    }
    if (ownLocked.length > 0) {
      const blockOf = blocks();
      const ownBlock = blockOf(memberId);
      const ownIds = new Set(ownLocked.map((locked) => locked.id));
      const target = arrangement.groups.find((group) => group.number === to)!;
      const seen = new Set<string>();
      for (const id of target.memberIds) {
        for (const other of lockedOf.get(id) ?? []) {
          if (ownIds.has(other.id) || seen.has(other.id)) continue;
          seen.add(other.id);
          if (blockOf(id) === ownBlock) continue;
          breaks.push({
            kind: 'lockedTeamsJoined',
            constraintId: ownLocked[0]!.id,
            otherConstraintId: other.id,
            otherIds: other.memberIds.filter((otherId) => teamOf.get(otherId) === to),
          });
        }
      }
    }
    for (const pair of apartOf.get(memberId) ?? []) {
      const partnerId = pair.memberIds.find((id) => id !== memberId);
      if (partnerId !== undefined && teamOf.get(partnerId) === to) {
        breaks.push({ kind: 'keepApartJoined', constraintId: pair.id, partnerId });
      }
    }
    const after = arrangement.groups.map((group) =>
      group.number === from
        ? group.memberIds.length - 1
        : group.number === to
          ? group.memberIds.length + 1
          : group.memberIds.length,
    );
    const spreadAfter = sizeSpread(after);
    // spec part 1, section 9: sizes differ by at most one. Constraints can force a larger
    // difference (the engine's 'most-even'), so only a move that widens it is a break.
    if (spreadAfter > 1 && spreadAfter > spreadBefore) {
      breaks.push({ kind: 'uneven', spreadBefore, spreadAfter });
    }
    return { ok: true, memberId, from, to, breaks };
  };
}

/** What moving `memberId` to team `to` would break (`moveChecker` for a single check). */
export function checkMove(arrangement: Arrangement, memberId: string, to: number): MoveCheck {
  return moveChecker(arrangement)(memberId, to);
}

/**
 * The arrangement after a checked move: the member at the end of team `to`, and the constraints
 * it breaks taken out (a split or joined pair is removed; the member leaves a locked team it
 * splits or brings into another locked team's team, and a locked team left empty is removed).
 * Teams and constraint lists the move does not touch are the same objects as before, so a view
 * keyed on them does not render them again.
 */
export function applyMove<P extends MemberConstraint, L extends MemberConstraint>(
  arrangement: Arrangement<P, L>,
  check: Extract<MoveCheck, { ok: true }>,
): Arrangement<P, L> {
  const { memberId, from, to, breaks } = check;
  const groups = arrangement.groups.map((group) => {
    if (group.number === from) {
      return { ...group, memberIds: group.memberIds.filter((id) => id !== memberId) };
    }
    if (group.number === to) return { ...group, memberIds: [...group.memberIds, memberId] };
    return group;
  });
  const dropped = new Set<string>();
  const left = new Set<string>();
  const ownLocked = arrangement.lockedTeams.filter((locked) => locked.memberIds.includes(memberId));
  for (const broken of breaks) {
    switch (broken.kind) {
      case 'fixedPairSplit':
      case 'keepApartJoined':
        dropped.add(`${broken.kind}:${broken.constraintId}`);
        break;
      case 'lockedTeamSplit':
        left.add(broken.constraintId);
        break;
      case 'lockedTeamsJoined':
        // Each locked team of theirs would sit with the other one: they leave them all.
        for (const locked of ownLocked) left.add(locked.id);
        break;
      case 'uneven':
        break;
    }
  }
  const without = (list: readonly P[], kind: MoveBreakKind) => {
    const kept = list.filter((constraint) => !dropped.has(`${kind}:${constraint.id}`));
    return kept.length === list.length ? list : kept;
  };
  let lockedTeams = arrangement.lockedTeams;
  if (left.size > 0) {
    lockedTeams = arrangement.lockedTeams.flatMap((locked) => {
      if (!left.has(locked.id)) return [locked];
      const memberIds = locked.memberIds.filter((id) => id !== memberId);
      return memberIds.length === 0 ? [] : [{ ...locked, memberIds }];
    });
  }
  const fixedPairs = without(arrangement.fixedPairs, 'fixedPairSplit');
  if (left.size > 0 || fixedPairs !== arrangement.fixedPairs) {
    lockedTeams = keepTogether(arrangement, { fixedPairs, lockedTeams, groups }, memberId, from);
  }
  return {
    groups,
    fixedPairs,
    lockedTeams,
    keepApart: without(arrangement.keepApart, 'keepApartJoined'),
  };
}

/** Union-find roots of members joined by the constraints (the engine's blocks). */
function blockRoots(constraints: readonly MemberConstraint[]): (id: string) => string {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let node = id;
    while (parent.has(node)) node = parent.get(node)!;
    return node;
  };
  for (const constraint of constraints) {
    const [first] = constraint.memberIds;
    if (first === undefined) continue;
    for (const id of constraint.memberIds) {
      const a = find(first);
      const b = find(id);
      if (a !== b) parent.set(b, a);
    }
  }
  return find;
}

// Locked teams that were one block only through the moved member (a locked team of theirs
// shared with two others, or fixed pairs through them) would fall apart into separate locked teams
// in one team, which the engine would split up at the next shuffle. They stay one locked team,
// as they were together: the first of them takes the others' members.
function keepTogether<P extends MemberConstraint, L extends MemberConstraint>(
  before: Arrangement<P, L>,
  after: Omit<Arrangement<P, L>, 'keepApart'>,
  memberId: string,
  from: number,
): readonly L[] {
  const rootBefore = blockRoots([...before.fixedPairs, ...before.lockedTeams]);
  const ownBlock = rootBefore(memberId);
  const source = after.groups.find((group) => group.number === from);
  const inSource = new Set(source?.memberIds ?? []);
  const candidates = after.lockedTeams.filter(
    (locked) =>
      locked.memberIds.length > 0 &&
      rootBefore(locked.memberIds[0]!) === ownBlock &&
      locked.memberIds.every((id) => inSource.has(id)),
  );
  const rootAfter = blockRoots([...after.fixedPairs, ...after.lockedTeams]);
  const roots = new Set(candidates.map((locked) => rootAfter(locked.memberIds[0]!)));
  if (roots.size <= 1) return after.lockedTeams;
  const [keeper, ...absorbed] = candidates;
  const absorbedIds = new Set(absorbed.map((locked) => locked.id));
  const memberIds = [...new Set(candidates.flatMap((locked) => locked.memberIds))];
  return after.lockedTeams.flatMap((locked) => {
    if (locked === keeper) return [{ ...locked, memberIds }];
    return absorbedIds.has(locked.id) ? [] : [locked];
  });
}
