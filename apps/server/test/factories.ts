import type { ShuffleSnapshot } from '@teamshuffle/domain';

/** A faithful snapshot of `n` members in `teams` teams (round-robin), with optional constraints. */
export function buildSnapshot(
  n = 6,
  teams = 2,
  extra: Partial<ShuffleSnapshot> = {},
): ShuffleSnapshot {
  const members = Array.from({ length: n }, (_, i) => ({
    id: `m${i + 1}`,
    name: `Member ${i + 1}`,
  }));
  const groups = Array.from({ length: teams }, (_, t) => ({
    number: t + 1,
    memberIds: members.filter((_, i) => i % teams === t).map((member) => member.id),
  }));
  return {
    members,
    groups,
    groupSize: teams,
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    seed: 'seed-1',
    ...extra,
  };
}
