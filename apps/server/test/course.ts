import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { notifications } from '../src/modules/notifications/notifications.table.ts';
import { user as users } from '../src/modules/users/users.table.ts';
import type { SessionUser } from '../src/plugins/auth.ts';
import { buildUser, TestClient, uniqueEmail } from './client.ts';
import {
  buildAssignmentInput,
  buildNoteInput,
  buildSnapshot,
  buildTaskInput,
  type WorkspaceDetailBody,
} from './factories.ts';

/** Everyone a permission test needs, around one workspace of two teams of three. */
export type Course = {
  workspaceId: string;
  detail: WorkspaceDetailBody;
  team1: { id: string; memberIds: string[] };
  team2: { id: string; memberIds: string[] };
  owner: TestClient;
  /** Team 1's leader (roster entry m1's e-mail). */
  leader: TestClient;
  /** A member of team 1 who does not lead it. */
  member: TestClient;
  /** Team 2's leader. */
  otherLeader: TestClient;
  /** A member of team 2. */
  otherMember: TestClient;
  /** A signed-in user on no roster (a viewer once the workspace is public). */
  stranger: TestClient;
  /** Signed out. */
  anonymous: TestClient;
  ids: Record<'owner' | 'leader' | 'member' | 'otherLeader' | 'otherMember' | 'stranger', string>;
};

/**
 * Factory: a workspace made through the API (Create Team, leaders chosen, leader and member
 * e-mails saved), with a verified account for each role. Team 1 = leader, member (and one more
 * without an account when `members` is 6); team 2 likewise. Private unless `isPublic`.
 */
export async function buildCourse(
  app: FastifyInstance,
  origin: string,
  {
    isPublic = false,
    title = `Course ${Math.random()}`,
    /** Roster size (two teams): 6 gives teams of three, 4 teams of two (every member has an account). */
    members = 6,
  } = {},
): Promise<Course> {
  const emails = {
    leader: uniqueEmail('leader'),
    member: uniqueEmail('member'),
    otherLeader: uniqueEmail('leader2'),
    otherMember: uniqueEmail('member2'),
  };
  const owner = await buildUser(app, origin, { name: 'Owner' });
  const leader = await buildUser(app, origin, { email: emails.leader, name: 'Leader One' });
  const member = await buildUser(app, origin, { email: emails.member, name: 'Member One' });
  const otherLeader = await buildUser(app, origin, {
    email: emails.otherLeader,
    name: 'Leader Two',
  });
  const otherMember = await buildUser(app, origin, {
    email: emails.otherMember,
    name: 'Member Two',
  });
  const stranger = await buildUser(app, origin, { name: 'Stranger' });

  const created = await owner.client.post('/api/workspaces', {
    title,
    snapshot: buildSnapshot(members, 2),
  });
  expect(created.statusCode).toBe(201);
  const workspaceId = created.json().workspace.id as string;
  const read = async () =>
    (await owner.client.get(`/api/workspaces/${workspaceId}`)).json<WorkspaceDetailBody>();
  let detail = await read();
  const teamOf = (n: number) => detail.teams.find((team) => team.number === n)!;
  const url = `/api/workspaces/${workspaceId}`;
  for (const n of [1, 2]) {
    const team = teamOf(n);
    const chosen = await owner.client.request('PUT', `${url}/teams/${team.id}/leader`, {
      memberId: team.memberIds[0],
    });
    expect(chosen.statusCode).toBe(200);
  }
  const leaders = await owner.client.request('PUT', `${url}/leader-emails`, {
    entries: [
      { teamId: teamOf(1).id, email: emails.leader },
      { teamId: teamOf(2).id, email: emails.otherLeader },
    ],
  });
  expect(leaders.statusCode).toBe(200);
  for (const [n, email] of [
    [1, emails.member],
    [2, emails.otherMember],
  ] as const) {
    const team = teamOf(n);
    const saved = await owner.client.request('PUT', `${url}/teams/${team.id}/member-emails`, {
      entries: [{ memberId: team.memberIds[1], email }],
    });
    expect(saved.statusCode).toBe(200);
  }
  if (isPublic) {
    expect((await owner.client.request('PATCH', url, { isPublic: true })).statusCode).toBe(204);
  }
  detail = await read();
  // The accounts put on the roster above were invited (issue 24, decision 0021): their
  // invitations are delivered and put away, as if seen, so that what a test does next is all
  // they were told (invitations.test.ts tests the invitations themselves).
  await app.notificationOutbox.flush();
  await app.db
    .delete(notifications)
    .where(
      and(
        eq(notifications.type, 'workspace_invited'),
        inArray(notifications.userId, [leader.id, member.id, otherLeader.id, otherMember.id]),
      ),
    );
  return {
    workspaceId,
    detail,
    team1: { id: teamOf(1).id, memberIds: teamOf(1).memberIds },
    team2: { id: teamOf(2).id, memberIds: teamOf(2).memberIds },
    owner: owner.client,
    leader: leader.client,
    member: member.client,
    otherLeader: otherLeader.client,
    otherMember: otherMember.client,
    stranger: stranger.client,
    anonymous: new TestClient(app, origin),
    ids: {
      owner: owner.id,
      leader: leader.id,
      member: member.id,
      otherLeader: otherLeader.id,
      otherMember: otherMember.id,
      stranger: stranger.id,
    },
  };
}

/**
 * Work in a course: a published lecture note with a team task and an open assignment, made by
 * the owner through the API. Returns their ids.
 */
export async function buildCourseWork(
  c: Course,
): Promise<{ noteId: string; assignmentId: string }> {
  const notes = `/api/workspaces/${c.workspaceId}/notes`;
  const note = await c.owner.post(notes, buildNoteInput({ task: buildTaskInput() }));
  expect(note.statusCode).toBe(201);
  const noteId = note.json().id as string;
  const published = await c.owner.request('PATCH', `${notes}/${noteId}`, { isPublished: true });
  expect(published.statusCode).toBe(200);
  const assignment = await c.owner.post(
    `/api/workspaces/${c.workspaceId}/assignments`,
    buildAssignmentInput(),
  );
  expect(assignment.statusCode).toBe(201);
  return { noteId, assignmentId: assignment.json().id as string };
}

/** The signed-in user of one of `userId`'s sessions, as the auth plugin makes it for a request. */
export async function sessionUserOf(app: FastifyInstance, userId: string): Promise<SessionUser> {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    phoneNumberVerified: false,
    isVerified: row.emailVerified,
    sessionId: 'test',
  };
}
