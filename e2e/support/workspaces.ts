import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { formTeams } from '@teamshuffle/domain';
import { sendAs as send } from './accounts.ts';
import type { Account } from './accounts.ts';

// The course most specs start from: five members in two teams, Ann and Ben a fixed pair, Cat
// and Dan a locked team.

export const MEMBERS = [
  { id: 'm1', name: 'Ann' },
  { id: 'm2', name: 'Ben' },
  { id: 'm3', name: 'Eve' },
  { id: 'm4', name: 'Cat' },
  { id: 'm5', name: 'Dan' },
];
export const TEAM_COUNT = 2;
export const FIXED_PAIRS = [{ id: 'p1', memberIds: ['m1', 'm2'] }];
export const LOCKED_TEAMS = [{ id: 'l1', memberIds: ['m4', 'm5'] }];

/**
 * The server saves only a real draw (the teams must replay from the seed), so the snapshot is
 * drawn with the same engine, trying seeds until Team 1 is Ann, Ben and Eve and Team 2 Cat and
 * Dan (the fixed pair and the locked team always part; only Eve's team depends on the seed).
 */
export function courseSnapshot(seedPrefix = 'e2e') {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { teams, seed } = formTeams({
      members: MEMBERS,
      teamCount: TEAM_COUNT,
      fixedPairs: FIXED_PAIRS,
      lockedTeams: LOCKED_TEAMS,
      seed: `${seedPrefix}-${attempt}`,
    });
    const first = [...(teams[0]?.memberIds ?? [])].sort().join();
    if (teams[0]?.number !== 1 || first !== 'm1,m2,m3') continue;
    return {
      members: MEMBERS,
      groups: teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
      groupSize: TEAM_COUNT,
      fixedPairs: FIXED_PAIRS,
      lockedTeams: LOCKED_TEAMS,
      keepApart: [],
      seed: String(seed),
    };
  }
  throw new Error('no seed draws the wanted teams');
}

/** The owner's workspace of `courseSnapshot()`, created through the API. */
export async function createCourseWorkspace(
  owner: Account,
  title: string,
  seedPrefix?: string,
): Promise<{ id: string; slug: string }> {
  // As the app's own page would: state-changing requests say where they come from.
  const response = await owner.context.request.post('/api/workspaces', {
    data: { title, snapshot: courseSnapshot(seedPrefix) },
    headers: { Origin: owner.origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { workspace: { id: string; slug: string } };
  return body.workspace;
}

/** The ids of `courseSnapshot()`'s teams (by number) and members (by name) in a workspace. */
export async function courseIds(
  owner: Account,
  workspaceId: string,
): Promise<{ teamId: (number: number) => string; memberId: (name: string) => string }> {
  const response = await owner.context.request.get(`/api/workspaces/${workspaceId}`);
  expect(response.ok(), await response.text()).toBe(true);
  const detail = (await response.json()) as {
    teams: Array<{ id: string; number: number }>;
    members: Array<{ id: string; name: string }>;
  };
  return {
    teamId: (number) => detail.teams.find((team) => team.number === number)!.id,
    memberId: (name) => detail.members.find((member) => member.name === name)!.id,
  };
}

/**
 * Ann leads Team 1 and Cat Team 2 of `courseSnapshot()`; with `withEmails`, both leaders get an
 * e-mail address too (the owner's Create Assignment needs one for every leader).
 */
export async function setCourseLeaders(
  owner: Account,
  workspaceId: string,
  { withEmails }: { withEmails: boolean },
): Promise<void> {
  const { request } = owner.context;
  const headers = { Origin: owner.origin };
  const { teamId, memberId } = await courseIds(owner, workspaceId);
  const leaders = [
    [1, 'Ann'],
    [2, 'Cat'],
  ] as const;
  for (const [number, leader] of leaders) {
    const response = await request.put(
      `/api/workspaces/${workspaceId}/teams/${teamId(number)}/leader`,
      { data: { memberId: memberId(leader) }, headers },
    );
    expect(response.ok(), await response.text()).toBe(true);
  }
  if (!withEmails) return;
  const response = await request.put(`/api/workspaces/${workspaceId}/leader-emails`, {
    data: {
      entries: leaders.map(([number, leader]) => ({
        teamId: teamId(number),
        email: `${leader.toLowerCase()}-${workspaceId}@example.com`,
      })),
    },
    headers,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * The course's roles as accounts: Ann leads Team 1 with `leader`'s e-mail (so `leader` is Team 1's
 * leader), Ben of Team 1 has `member`'s (a plain member), and Cat leads Team 2 with an address of
 * her own (every leader has one, as Create Assignment needs).
 */
export async function setCourseAccounts(
  owner: Account,
  workspaceId: string,
  { leader, member }: { leader: Account; member: Account },
): Promise<void> {
  await setCourseLeaders(owner, workspaceId, { withEmails: false });
  const { teamId, memberId } = await courseIds(owner, workspaceId);
  const base = `/api/workspaces/${workspaceId}`;
  await send(owner, 'put', `${base}/leader-emails`, {
    entries: [
      { teamId: teamId(1), email: leader.email },
      { teamId: teamId(2), email: `cat-${workspaceId}@example.com` },
    ],
  });
  await send(owner, 'put', `${base}/teams/${teamId(1)}/member-emails`, {
    entries: [{ memberId: memberId('Ben'), email: member.email }],
  });
}

/** A published lecture note without a task, through the API. */
export async function createPublishedNote(
  owner: Account,
  workspaceId: string,
  title: string,
): Promise<void> {
  const base = `/api/workspaces/${workspaceId}/notes`;
  const note = (await send(
    owner,
    'post',
    base,
    { title, description: '', week: 1, date: null, task: null },
    201,
  )) as { id: string };
  await send(owner, 'patch', `${base}/${note.id}`, { isPublished: true });
}

/**
 * An assignment open from yesterday to a week from now (PDF, 5 MB), through the API; every leader
 * needs an e-mail. Its deadline is more than 24 h away, so no "due soon" reminder arrives at a
 * moment of the reminder timer's choosing.
 */
export async function createOpenAssignment(
  owner: Account,
  workspaceId: string,
  title: string,
): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  await send(
    owner,
    'post',
    `/api/workspaces/${workspaceId}/assignments`,
    {
      title,
      description: '',
      startAt: new Date(Date.now() - day).toISOString(),
      endAt: new Date(Date.now() + 7 * day).toISOString(),
      maxFileSizeMb: 5,
      allowedTypes: ['pdf'],
    },
    201,
  );
}

/** The workspace page's link to one of its sections (issue 22: each section has its own address). */
export function sectionLink(page: Page, name: string): Locator {
  return page
    .getByRole('navigation', { name: /Workspace sections|워크스페이스 섹션/ })
    .getByRole('link', { name, exact: true });
}

/**
 * Waits until `account` has `unread` unread notifications. Notifications leave the outbox after
 * the action's answer (decision 0014), so a spec that compares two renders of the bell waits for
 * them to arrive first.
 */
export async function waitForUnread(account: Account, unread: number): Promise<void> {
  await expect
    .poll(async () => {
      const response = await account.context.request.get('/api/notifications/counts');
      return ((await response.json()) as { unread: number }).unread;
    })
    .toBe(unread);
}
