import { formTeams, type ShuffleSnapshot, type WorkspaceDetail } from '@teamshuffle/domain';

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

/** The body of GET /api/workspaces/:id (the domain's contract). */
export type WorkspaceDetailBody = WorkspaceDetail;
