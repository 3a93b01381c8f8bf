import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildSnapshot } from '../../../test/factories.ts';
import { savedResults } from '../results/results.table.ts';
import {
  fixedPairs,
  keepApartPairs,
  lockedTeamMembers,
  teams,
  workspaceMembers,
  workspaces,
} from './workspaces.table.ts';

describe('POST /api/workspaces (Create Team)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://teams.example.org' });
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves the result and creates the workspace, roster, teams and constraints in one go', async () => {
    const { client, id: ownerId } = await buildUser(t.app, origin);
    const snapshot = buildSnapshot(8, 2, {
      fixedPairs: [{ id: 'p1', memberIds: ['m1', 'm3'] }],
      lockedTeams: [{ id: 'l1', memberIds: ['m2', 'm4', 'm6'] }],
      keepApart: [{ id: 'k1', memberIds: ['m1', 'm2'] }],
    });
    const response = await client.post('/api/workspaces', {
      title: 'Web Programming 2025',
      snapshot,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.workspace).toMatchObject({
      title: 'Web Programming 2025',
      slug: 'web-programming-2025',
    });
    expect(body.workspace.url).toBe(`https://teams.example.org/workspace/${body.workspace.id}`);

    const [workspace] = await t.app.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, body.workspace.id));
    expect(workspace).toMatchObject({
      ownerId,
      isPublic: false,
      groupSize: 2,
      sourceResultId: body.resultId,
    });
    const teamRows = await t.app.db
      .select()
      .from(teams)
      .where(eq(teams.workspaceId, workspace!.id))
      .orderBy(asc(teams.number));
    expect(teamRows.map((team) => [team.number, team.leaderMemberId])).toEqual([
      [1, null],
      [2, null],
    ]);
    const members = await t.app.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspace!.id))
      .orderBy(asc(workspaceMembers.position));
    expect(members.map((member) => member.name)).toEqual(
      snapshot.members.map((member) => member.name),
    );
    const teamNumberOf = new Map(teamRows.map((team) => [team.id, team.number]));
    const drawnTeamOf = new Map(
      snapshot.groups.flatMap((group) => group.memberIds.map((id) => [id, group.number] as const)),
    );
    expect(members.map((member) => teamNumberOf.get(member.teamId!))).toEqual(
      snapshot.members.map((member) => drawnTeamOf.get(member.id)),
    );
    expect(
      await t.app.db.select().from(fixedPairs).where(eq(fixedPairs.workspaceId, workspace!.id)),
    ).toHaveLength(1);
    expect(
      await t.app.db
        .select()
        .from(keepApartPairs)
        .where(eq(keepApartPairs.workspaceId, workspace!.id)),
    ).toHaveLength(1);
    expect(await t.app.db.select().from(lockedTeamMembers)).toHaveLength(3);

    const results = await client.get('/api/results');
    expect(results.json()).toEqual([
      expect.objectContaining({ id: body.resultId, title: 'Web Programming 2025' }),
    ]);
  });

  it('gives the next free slug to a second workspace of the same title, and a Korean title a usable one', async () => {
    const first = await buildUser(t.app, origin);
    const second = await buildUser(t.app, origin);
    const a = await first.client.post('/api/workspaces', {
      title: 'Data Science',
      snapshot: buildSnapshot(),
    });
    const b = await second.client.post('/api/workspaces', {
      title: 'data science!',
      snapshot: buildSnapshot(),
    });
    expect(a.json().workspace.slug).toBe('data-science');
    expect(b.json().workspace.slug).toBe('data-science-2');
    const korean = await first.client.post('/api/workspaces', {
      title: '웹 프로그래밍',
      snapshot: buildSnapshot(),
    });
    expect(korean.json().workspace.slug).toBe('웹-프로그래밍');
  });

  it('creates a workspace from a saved result without saving it again', async () => {
    const { client } = await buildUser(t.app, origin);
    const saved = await client.post('/api/results', {
      title: 'Saved first',
      snapshot: buildSnapshot(4, 2),
    });
    const response = await client.post('/api/workspaces', {
      title: 'Course from saved',
      resultId: saved.json().id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().resultId).toBe(saved.json().id);
    expect((await client.get('/api/results')).json()).toHaveLength(1);
  });

  it('refuses a duplicate title and leaves nothing half-made', async () => {
    const { client, id } = await buildUser(t.app, origin);
    await client.post('/api/results', { title: 'Taken', snapshot: buildSnapshot() });
    const response = await client.post('/api/workspaces', {
      title: ' taken ',
      snapshot: buildSnapshot(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('duplicate_result_title');
    expect(await t.app.db.select().from(workspaces).where(eq(workspaces.ownerId, id))).toEqual([]);
  });

  it('refuses someone else’s saved result, anonymous callers and unverified users', async () => {
    const owner = await buildUser(t.app, origin);
    const saved = await owner.client.post('/api/results', {
      title: 'Mine',
      snapshot: buildSnapshot(),
    });
    const stranger = await buildUser(t.app, origin);
    const stolen = await stranger.client.post('/api/workspaces', {
      title: 'Stolen',
      resultId: saved.json().id,
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      await t.app.db.select().from(workspaces).where(eq(workspaces.ownerId, stranger.id)),
    ).toEqual([]);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { origin },
      payload: { title: 'Anon', snapshot: buildSnapshot() },
    });
    expect(anonymous.statusCode).toBe(401);
    const unverified = await buildUser(t.app, origin, { verified: false });
    expect(
      (await unverified.client.post('/api/workspaces', { title: 'U', snapshot: buildSnapshot() }))
        .statusCode,
    ).toBe(403);
  });

  it('goes with the account: deleting the user deletes its results and workspaces', async () => {
    const { client, id, password } = await buildUser(t.app, origin);
    await client.post('/api/workspaces', { title: 'Soon gone', snapshot: buildSnapshot() });
    expect(
      (await client.request('DELETE', '/api/me', { confirmation: 'DELETE', password })).statusCode,
    ).toBe(204);
    expect(await t.app.db.select().from(workspaces).where(eq(workspaces.ownerId, id))).toEqual([]);
    expect(await t.app.db.select().from(savedResults).where(eq(savedResults.userId, id))).toEqual(
      [],
    );
  });
});
