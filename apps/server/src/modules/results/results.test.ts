import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/client.ts';
import { buildSnapshot } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { savedResults } from './results.table.ts';

describe('/api/results', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves, lists newest first with the card counts, loads and deletes the owner’s results', async () => {
    const { client } = await buildUser(t.app, origin);
    const snapshot = buildSnapshot(6, 2, {
      fixedPairs: [{ id: 'p1', memberIds: ['m1', 'm3'] }],
      lockedTeams: [{ id: 'l1', memberIds: ['m2', 'm4'] }],
    });
    const first = await client.post('/api/results', { title: '  Week 1 ', snapshot });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: 'Week 1', snapshot: { seed: 'seed-1' } });
    const second = await client.post('/api/results', {
      title: 'Week 2',
      snapshot: buildSnapshot(9, 3),
    });
    expect(second.statusCode).toBe(201);

    const list = await client.get('/api/results');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ title: 'Week 2', membersCount: 9, teamsCount: 3, groupSize: 3 }),
      expect.objectContaining({
        title: 'Week 1',
        membersCount: 6,
        teamsCount: 2,
        groupSize: 2,
        fixedPairsCount: 1,
        lockedTeamsCount: 1,
        keepApartCount: 0,
      }),
    ]);

    const loaded = await client.get(`/api/results/${first.json().id}`);
    expect(loaded.json().snapshot).toEqual(snapshot);

    expect((await client.request('DELETE', `/api/results/${first.json().id}`)).statusCode).toBe(
      204,
    );
    expect((await client.get('/api/results')).json()).toHaveLength(1);
    expect((await client.request('DELETE', `/api/results/${first.json().id}`)).statusCode).toBe(
      404,
    );
  });

  it('shows an empty list to a new user', async () => {
    const { client } = await buildUser(t.app, origin);
    expect((await client.get('/api/results')).json()).toEqual([]);
  });

  it('refuses a title the user already has, ignoring case and surrounding spaces', async () => {
    const { client } = await buildUser(t.app, origin);
    expect(
      (await client.post('/api/results', { title: 'Project A', snapshot: buildSnapshot() }))
        .statusCode,
    ).toBe(201);
    const again = await client.post('/api/results', {
      title: '  PROJECT a ',
      snapshot: buildSnapshot(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'duplicate_result_title',
      field: 'title',
      message: 'A result with the same title already exists. Please use a different title.',
    });
    // Another user may use the same title.
    const other = await buildUser(t.app, origin);
    expect(
      (await other.client.post('/api/results', { title: 'Project A', snapshot: buildSnapshot() }))
        .statusCode,
    ).toBe(201);
  });

  it('lets exactly one of two simultaneous saves of one title through', async () => {
    const { client } = await buildUser(t.app, origin);
    const statuses = await Promise.all(
      ['Race', ' race '].map(
        async (title) =>
          (await client.post('/api/results', { title, snapshot: buildSnapshot() })).statusCode,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409]);
    expect((await client.get('/api/results')).json()).toHaveLength(1);
  });

  it('refuses a missing title and a snapshot that drops, doubles or splits people', async () => {
    const { client } = await buildUser(t.app, origin);
    const blank = await client.post('/api/results', { title: '   ', snapshot: buildSnapshot() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      error: 'validation_failed',
      field: 'title',
      message: 'title: Please enter a name',
    });

    const dropped = buildSnapshot(6, 2);
    const droppedId = dropped.groups[0]!.memberIds.pop()!;
    const droppedName = dropped.members.find((member) => member.id === droppedId)!.name;
    const droppedResponse = await client.post('/api/results', {
      title: 'Dropped',
      snapshot: dropped,
    });
    expect(droppedResponse.statusCode).toBe(422);
    expect(droppedResponse.json().message).toBe(
      `This result cannot be saved: ${droppedName} is in no group.`,
    );

    // Swap one member of the pair into the other team: the pair is split.
    const split = buildSnapshot(6, 2, { fixedPairs: [{ id: 'p', memberIds: ['m1', 'm2'] }] });
    const [first, second] = split.groups;
    const pairTeam = first!.memberIds.includes('m1') ? first! : second!;
    const otherTeam = pairTeam === first ? second! : first!;
    pairTeam.memberIds = pairTeam.memberIds.map((id) =>
      id === 'm2' ? otherTeam.memberIds[0]! : id,
    );
    otherTeam.memberIds = ['m2', ...otherTeam.memberIds.slice(1)];
    const splitResponse = await client.post('/api/results', { title: 'Split', snapshot: split });
    expect(splitResponse.statusCode).toBe(422);
    expect(splitResponse.json().message).toBe(
      'This result cannot be saved: Fixed pair p is split across groups.',
    );

    // A valid partition that is not what the seed draws (hand-arranged teams) is refused too.
    const arranged = buildSnapshot(6, 2);
    const [a, b] = arranged.groups;
    [a!.memberIds[0], b!.memberIds[0]] = [b!.memberIds[0]!, a!.memberIds[0]!];
    const arrangedResponse = await client.post('/api/results', {
      title: 'Arranged',
      snapshot: arranged,
    });
    expect(arrangedResponse.statusCode).toBe(422);
    expect(arrangedResponse.json().message).toBe(
      'This result cannot be saved: its teams are not the draw of its seed.',
    );
    expect((await client.get('/api/results')).json()).toEqual([]);
  });

  it('refuses a roster that gives one e-mail to two members, naming both, and stores nothing', async () => {
    // Issue 23, one person, one roster entry: the rule Create Team applies to the same snapshot.
    const { client, id: userId } = await buildUser(t.app, origin);
    const snapshot = buildSnapshot(6, 2);
    snapshot.members[1]!.email = 'ann@example.com';
    snapshot.members[4]!.email = '  ANN@Example.com ';
    const teamOf = (memberId: string) =>
      snapshot.groups.find((group) => group.memberIds.includes(memberId))!.number;
    const key = { 'idempotency-key': `shared-email-${userId}` };
    const response = await client.request(
      'POST',
      '/api/results',
      { title: 'Shared e-mail', snapshot },
      key,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'duplicate_member_email',
      field: 'snapshot.members',
      message: `ann@example.com is already the e-mail of Member 2 (Team ${teamOf('m2')}); Member 5 (Team ${teamOf('m5')}) cannot have it too.`,
    });
    expect(
      await t.app.db.select().from(savedResults).where(eq(savedResults.userId, userId)),
    ).toEqual([]);
    expect((await client.get('/api/results')).json()).toEqual([]);

    // The same people with an e-mail each are saved, e-mails and all: the refusal did not keep
    // the Idempotency-Key either (a refused first request frees it).
    snapshot.members[4]!.email = 'eve@example.com';
    const saved = await client.request(
      'POST',
      '/api/results',
      { title: 'Shared e-mail', snapshot },
      key,
    );
    expect(saved.statusCode).toBe(201);
    expect(saved.json().snapshot.members[4].email).toBe('eve@example.com');
  });

  it('never shows, loads or deletes someone else’s result', async () => {
    const owner = await buildUser(t.app, origin);
    const saved = await owner.client.post('/api/results', {
      title: 'Private',
      snapshot: buildSnapshot(),
    });
    const id = saved.json().id as string;
    const stranger = await buildUser(t.app, origin);
    expect((await stranger.client.get('/api/results')).json()).toEqual([]);
    const read = await stranger.client.get(`/api/results/${id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'not_found', message: 'Result not found' });
    expect((await stranger.client.request('DELETE', `/api/results/${id}`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/results/${id}`)).statusCode).toBe(200);
  });

  it('refuses anonymous callers (401) and unverified users (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/results' })).statusCode).toBe(401);
    // The caller is checked before the body: a bad body from nobody is still a 401.
    const anonymousBadBody = await t.app.inject({
      method: 'POST',
      url: '/api/results',
      headers: { origin },
      payload: {},
    });
    expect(anonymousBadBody.statusCode).toBe(401);
    const unverified = await buildUser(t.app, origin, { verified: false });
    const response = await unverified.client.post('/api/results', {
      title: 'X',
      snapshot: buildSnapshot(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('email_not_verified');
    expect((await unverified.client.get('/api/results')).statusCode).toBe(403);
  });
});
