import { expect } from '@playwright/test';
import { formTeams } from '@teamshuffle/domain';
import { sendAs as send } from './accounts.ts';
import type { Account } from './accounts.ts';
import { courseIds } from './workspaces.ts';

// The gradebook's course (issue 25): eight members in two teams of four. Team 1 is the four
// students of the spec (Ann leads it; Ben, Cho and Dev are members), a locked team so that a peer
// evaluation of Team 1 has four people who answer. Team 2 has no accounts; Eli leads it, and one
// of its names starts with "=", so the grade sheet has a cell a spreadsheet would run as a formula.

export const STUDENT_NAMES = ['Ann', 'Ben', 'Cho', 'Dev'] as const;
export type StudentName = (typeof STUDENT_NAMES)[number];
export const TEAM_TWO_NAMES = ['Eli', '=Fay', 'Gus', 'Hana'] as const;

const MEMBERS = [...STUDENT_NAMES, ...TEAM_TWO_NAMES].map((name, index) => ({
  id: `m${index + 1}`,
  name,
}));
const LOCKED_TEAMS = [{ id: 'l1', memberIds: ['m1', 'm2', 'm3', 'm4'] }];

/**
 * A real draw (the server replays it from the seed), trying seeds until Team 1 is the four
 * students; the locked team keeps them together, the seed decides only which number it gets.
 */
export function gradebookSnapshot() {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { teams, seed } = formTeams({
      members: MEMBERS,
      teamCount: 2,
      fixedPairs: [],
      lockedTeams: LOCKED_TEAMS,
      seed: `e2e-gradebook-${attempt}`,
    });
    const first = [...(teams[0]?.memberIds ?? [])].sort().join();
    if (teams[0]?.number !== 1 || first !== 'm1,m2,m3,m4') continue;
    return {
      members: MEMBERS,
      groups: teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
      groupSize: 2,
      fixedPairs: [],
      lockedTeams: LOCKED_TEAMS,
      keepApart: [],
      seed: String(seed),
    };
  }
  throw new Error('no seed draws the wanted teams');
}

/**
 * The owner's workspace of `gradebookSnapshot()` through the API: Ann leads Team 1 and Eli Team
 * 2; each student's roster entry has their account's e-mail (Ann's as leader), Eli an address of
 * his own (Create Assignment needs one for every leader).
 */
export async function createGradebookCourse(
  owner: Account,
  title: string,
  students: Record<StudentName, Account>,
): Promise<{
  workspaceId: string;
  teamId: (number: number) => string;
  memberId: (name: string) => string;
}> {
  const created = (await send(
    owner,
    'post',
    '/api/workspaces',
    { title, snapshot: gradebookSnapshot() },
    201,
  )) as { workspace: { id: string } };
  const workspaceId = created.workspace.id;
  const base = `/api/workspaces/${workspaceId}`;
  const { teamId, memberId } = await courseIds(owner, workspaceId);
  for (const [number, leader] of [
    [1, 'Ann'],
    [2, 'Eli'],
  ] as const) {
    await send(owner, 'put', `${base}/teams/${teamId(number)}/leader`, {
      memberId: memberId(leader),
    });
  }
  await send(owner, 'put', `${base}/leader-emails`, {
    entries: [
      { teamId: teamId(1), email: students.Ann.email },
      { teamId: teamId(2), email: `eli-${workspaceId}@example.com` },
    ],
  });
  await send(owner, 'put', `${base}/teams/${teamId(1)}/member-emails`, {
    entries: (['Ben', 'Cho', 'Dev'] as const).map((name) => ({
      memberId: memberId(name),
      email: students[name].email,
    })),
  });
  return { workspaceId, teamId, memberId };
}

/** A published lecture note with a task of `kind` and no deadline, through the API; its id. */
export async function createTaskNote(
  owner: Account,
  workspaceId: string,
  { title, taskTitle, kind }: { title: string; taskTitle: string; kind: 'team' | 'individual' },
): Promise<string> {
  const base = `/api/workspaces/${workspaceId}/notes`;
  const note = (await send(
    owner,
    'post',
    base,
    {
      title,
      description: '',
      week: 1,
      date: null,
      task: {
        title: taskTitle,
        description: '',
        deadline: null,
        maxFileSizeMb: 1,
        allowedTypes: ['pdf'],
        assignmentType: kind,
      },
    },
    201,
  )) as { id: string };
  await send(owner, 'patch', `${base}/${note.id}`, { isPublished: true });
  return note.id;
}

/** An assignment open from yesterday until `daysLeft` days from now (PDF), through the API; its id. */
export async function createAssignment(
  owner: Account,
  workspaceId: string,
  title: string,
  daysLeft: number,
): Promise<string> {
  const day = 24 * 60 * 60 * 1000;
  const created = (await send(
    owner,
    'post',
    `/api/workspaces/${workspaceId}/assignments`,
    {
      title,
      description: '',
      startAt: new Date(Date.now() - day).toISOString(),
      endAt: new Date(Date.now() + daysLeft * day).toISOString(),
      maxFileSizeMb: 5,
      allowedTypes: ['pdf'],
    },
    201,
  )) as { id: string };
  return created.id;
}

/** A small PDF to hand in. */
export function pdf(name: string) {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
  };
}

/**
 * Hands a PDF in through the API as `account` would in its page: a note's task (the team's leader
 * for a team task, each member for an individual one) or an assignment (the team's leader).
 */
export async function handIn(
  account: Account,
  url: string,
  file: ReturnType<typeof pdf>,
): Promise<void> {
  const response = await account.context.request.post(url, {
    multipart: { files: file },
    headers: { Origin: account.origin },
  });
  expect(response.status(), await response.text()).toBe(201);
}
