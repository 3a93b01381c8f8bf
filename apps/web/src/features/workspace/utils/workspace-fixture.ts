import type { WorkspaceDetail } from '@teamshuffle/domain';

/** A small workspace for unit tests: two teams, Ann leads team 1, team 2 has no leader. */
export function buildWorkspaceDetail(overrides: Partial<WorkspaceDetail> = {}): WorkspaceDetail {
  const member = (id: string, name: string, teamId: string, email: string | null) => ({
    id,
    name,
    teamId,
    email,
    hasEmail: email !== null,
    photoUrl: null,
    isVerified: false,
    isLeader: id === 'ann',
  });
  return {
    id: 'w1',
    slug: 'course',
    title: 'Course',
    isPublic: false,
    groupSize: 2,
    createdAt: '2025-03-03T00:00:00.000Z',
    timeZone: 'Asia/Seoul',
    semesterStart: '2025-03-03',
    reminderHoursBefore: 24,
    role: 'owner',
    myMemberId: null,
    myTeamId: null,
    counters: { totalMembers: 4, teams: 2, groupSize: 2, fixedGroups: 0 },
    teams: [
      { id: 't1', number: 1, leaderMemberId: 'ann', memberIds: ['ann', 'bob'] },
      { id: 't2', number: 2, leaderMemberId: null, memberIds: ['cy', 'dee'] },
    ],
    members: [
      member('ann', 'Ann', 't1', 'ann@example.com'),
      member('bob', 'Bob', 't1', null),
      member('cy', 'Cy', 't2', 'cy@example.com'),
      member('dee', 'Dee', 't2', null),
    ],
    fixedPairs: [],
    keepApart: [],
    lockedTeams: [],
    preferences: { lectureNoteSortOrder: 'week-asc' },
    ...overrides,
  };
}
