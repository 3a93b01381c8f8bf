import {
  balanceTeams,
  formTeams,
  type ShuffleSnapshot,
  type WorkspaceDetail,
} from '@teamshuffle/domain';

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

/**
 * A result balanced by the engine as the web app saves it (its steps included): `members` (with
 * skill, grade, gender and major attributes) in `teamCount` teams, balanced on skill and grade,
 * spreading gender and major, no lone F in a team, against three earlier rounds (seeds round-1 to
 * round-3). The 1,000-member save test and the class and balanced-save benches build theirs here.
 */
export function buildBalancedSnapshot({
  members,
  teamCount,
  seed,
}: {
  members: ShuffleSnapshot['members'];
  teamCount: number;
  seed: string;
}): ShuffleSnapshot {
  const attributes = [
    { key: 'skill', kind: 'numeric' as const },
    { key: 'grade', kind: 'numeric' as const },
    { key: 'gender', kind: 'categorical' as const },
    { key: 'major', kind: 'categorical' as const },
  ];
  const balance = {
    numeric: ['skill', 'grade'],
    spread: ['gender', 'major'],
    noIsolation: [{ key: 'gender', values: ['F'] }],
    earlierRounds: ['round-1', 'round-2', 'round-3'].map((round) =>
      formTeams({ members, teamCount, seed: round }).teams.map((team) => team.memberIds),
    ),
  };
  const result = balanceTeams({ members, teamCount, seed, attributes, balance });
  return {
    members,
    groups: result.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
    groupSize: teamCount,
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    seed,
    attributes,
    balance: { ...balance, steps: result.balance.steps },
  };
}

/** The body of POST /api/workspaces/:id/notes: a week-1 note without a task. */
export const buildNoteInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Week 1: Introduction',
  description: 'Slides and reading',
  week: 1,
  date: '2025-03-03',
  task: null,
  ...overrides,
});

/** A note's team task (the `task` of a note's body), PDF and PNG up to 1 MB. */
export const buildTaskInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Task Assignment',
  description: 'Hand in your plan',
  deadline: null,
  maxFileSizeMb: 1,
  allowedTypes: ['pdf', 'png'],
  assignmentType: 'team',
  ...overrides,
});

const HOUR = 60 * 60 * 1000;

/** The body of POST /api/workspaces/:id/assignments: open from an hour ago for a day, PDF, 1 MB. */
export const buildAssignmentInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Project proposal',
  description: 'Two pages',
  startAt: new Date(Date.now() - HOUR).toISOString(),
  endAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  maxFileSizeMb: 1,
  allowedTypes: ['pdf'],
  ...overrides,
});

/** The body of GET /api/workspaces/:id (the domain's contract). */
export type WorkspaceDetailBody = WorkspaceDetail;
