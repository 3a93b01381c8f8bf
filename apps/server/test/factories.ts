import { formTeams, type ShuffleSnapshot } from '@teamshuffle/domain';

/**
 * A faithful snapshot: `n` members drawn into `teams` teams by the engine with the given
 * constraints and seed, as the web app saves it.
 */
export function buildSnapshot(
  n = 6,
  teams = 2,
  extra: Partial<ShuffleSnapshot> = {},
): ShuffleSnapshot {
  const members = Array.from({ length: n }, (_, i) => ({
    id: `m${i + 1}`,
    name: `Member ${i + 1}`,
  }));
  const base = {
    members,
    groupSize: teams,
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    seed: 'seed-1',
    ...extra,
  };
  const drawn = formTeams({ ...base, teamCount: base.groupSize });
  return {
    ...base,
    groups: drawn.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
  };
}

/** The body of GET /api/workspaces/:id, as far as the tests read it. */
export type WorkspaceDetailBody = {
  id: string;
  slug: string;
  title: string;
  role: string;
  teams: Array<{ id: string; number: number; leaderMemberId: string | null; memberIds: string[] }>;
  members: Array<{
    id: string;
    name: string;
    email: string | null;
    isVerified: boolean;
    isLeader: boolean;
    photoUrl: string | null;
  }>;
};
